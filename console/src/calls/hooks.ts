// The console's one way to the admin API: pages import from here, and never call the client themselves.
export { lastProblem } from './last-problem.js';
export { readExport } from './read-export.js';
export { useAction } from './use-action.js';
export { usePages } from './use-pages.js';
export { useResource } from './use-resource.js';
export { useUpload } from './use-upload.js';
