import { type Hints, readError, refusal } from './api-errors.js';
import { CliError, EXIT } from './errors.js';

export type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  query?: Query;
  /** Sent as application/json. */
  json?: unknown;
  /** Streamed as it is read, with this content type. */
  stream?: { body: ReadableStream<Uint8Array>; contentType: string };
  accept?: string;
  /** Whether to send the admin token; `bis init` and the hand-over link go without. */
  auth?: boolean;
  /** The path is from the service's root instead of the admin API's. */
  fromRoot?: boolean;
  /** Further headers: a session cookie and its CSRF token, during bis login. */
  headers?: Record<string, string>;
  hints?: Hints;
}

export const ADMIN_PREFIX = '/admin/v1';

const TOKEN_REFUSED =
  'the admin API refused the credential: sign in again with bis login, or set BIS_ADMIN_TOKEN to the owner token';
const NO_TOKEN =
  'not signed in: run bis login (or set BIS_ADMIN_TOKEN to the owner token); a new service makes its first admin with bis init';

/** A small client of the admin API. It turns every failure into a CliError with the exit code scripts rely on. */
export class AdminClient {
  constructor(
    /** The service's base URL, without a trailing slash. */
    readonly baseUrl: string,
    private readonly token: string | undefined,
  ) {}

  url(path: string, query: Query = {}, fromRoot = false): URL {
    const url = new URL(`${this.baseUrl}${fromRoot ? '' : ADMIN_PREFIX}${path}`);
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return url;
  }

  /**
   * Sends a request. Unreachable, 401 (when the token was sent) and 5xx end as CliErrors here;
   * any other answer is returned, so a command can read a refusal it expects.
   */
  async send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
    const auth = options.auth ?? true;
    if (auth && !this.token) throw new CliError(EXIT.auth, NO_TOKEN);
    const headers: Record<string, string> = { accept: options.accept ?? 'application/json', ...options.headers };
    if (auth) headers.authorization = `Bearer ${this.token}`;
    const init: RequestInit & { duplex?: 'half' } = { method, headers };
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(options.json);
    } else if (options.stream) {
      headers['content-type'] = options.stream.contentType;
      init.body = options.stream.body;
      // Node's fetch refuses a stream body unless told it may send before the answer starts.
      init.duplex = 'half';
    }

    let response: Response;
    try {
      response = await fetch(this.url(path, options.query, options.fromRoot), init);
    } catch (error) {
      throw this.unreachable(error);
    }
    if (response.status === 401 && auth) {
      const said = (await readError(response)).message;
      throw new CliError(EXIT.auth, said ? `${TOKEN_REFUSED}\n  the service said: ${said}` : TOKEN_REFUSED);
    }
    if (response.status >= 500) {
      const said = (await readError(response)).message;
      throw new CliError(
        EXIT.unavailable,
        `the service at ${this.baseUrl} answered ${response.status}${said ? ` (${said})` : ''}: try again shortly; if it persists, check the service's log`,
      );
    }
    return response;
  }

  /** Sends a request and returns the JSON of a 2xx answer; any other answer is a CliError. */
  async call<T>(method: string, path: string, options: RequestOptions = {}): Promise<{ status: number; body: T }> {
    const response = await this.send(method, path, options);
    if (!response.ok) throw await refusal(response, options.hints);
    if (response.status === 204) return { status: 204, body: undefined as T };
    return { status: response.status, body: await this.readJson<T>(response) };
  }

  async readJson<T>(response: Response): Promise<T> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw this.unreachable(error);
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new CliError(
        EXIT.unavailable,
        `the service at ${this.baseUrl} answered with something other than JSON: check that BIS_URL points at bank-integration-service`,
      );
    }
  }

  unreachable(error: unknown): CliError {
    const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
    const why = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
    return new CliError(
      EXIT.unavailable,
      `cannot reach the service at ${this.baseUrl} (${why}): start it (npm start) or set BIS_URL (or --url) to where it runs`,
    );
  }
}

/** One path segment, so an ID with a slash or a space cannot change the path. */
export const segment = (value: string) => encodeURIComponent(value);
