// The admin API's answers as its OpenAPI document (GET /admin/v1/openapi.json) declares them: the
// types the console is written with (console/src/api-types.d.ts, made by npm run console:types).
// Type-only: nothing of it is loaded when bis runs, and a field the API drops or renames fails the
// CLI's type check.
import type { paths } from '../../console/src/api-types.js';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The JSON body of a path's answer: `ServiceAnswer<'/admin/v1/clients', 'get'>`. */
export type ServiceAnswer<P extends keyof paths, M extends Method, Status extends number = 200> = paths[P][M] extends {
  responses: Record<Status, { content: { 'application/json': infer Body } }>;
}
  ? Body
  : never;

type AdminPath = { [P in keyof paths]: P extends `/admin/v1${infer Rest}` ? Rest : never }[keyof paths];

/** The JSON body of an admin API answer, named by its path under /admin/v1: `Answer<'/payments', 'get'>`. */
export type Answer<P extends AdminPath, M extends Method, Status extends number = 200> = ServiceAnswer<
  `/admin/v1${P}` & keyof paths,
  M,
  Status
>;
