import { CliError, EXIT } from './errors.js';

/** What the operator can do about a refusal, by status. */
export type Hints = Partial<Record<number, string>>;

/** The admin API's error body, `{error, message}`, plus whatever else a route adds. */
export interface ApiError {
  error?: string;
  message?: string;
  [key: string]: unknown;
}

/** Reads an error body; an answer without one (413, a proxy's page) gives `{}`. */
export async function readError(response: Response): Promise<ApiError> {
  try {
    const parsed: unknown = JSON.parse(await response.text());
    return parsed !== null && typeof parsed === 'object' ? (parsed as ApiError) : {};
  } catch {
    return {};
  }
}

/** The CliError for a 4xx: the service's own message, its status and code, and what to do about it. */
export async function refusal(response: Response, hints: Hints = {}, body?: ApiError): Promise<CliError> {
  const error = body ?? (await readError(response));
  const what = error.message || response.statusText || 'request refused';
  const code = [response.status, error.error].filter(Boolean).join(' ');
  const hint = hints[response.status];
  return new CliError(EXIT.refused, `the service refused: ${what} (${code})${hint ? `\n  ${hint}` : ''}`);
}
