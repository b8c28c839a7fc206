/** Bundles the compiled service into one file, dist/main.js in place. */
export function bundleService(distDir: string): Promise<void>;
