import type { Command } from 'commander';
import { AdminClient } from './admin-client.js';
import { readLogin } from './config-file.js';
import { usageError } from './errors.js';

export const DEFAULT_URL = 'http://localhost:8080';

export interface GlobalOptions {
  url?: string;
  token?: string;
  json?: boolean;
}

export interface Context {
  api: AdminClient;
  json: boolean;
}

const present = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

/** The service's base address, from --url, BIS_URL, the address bis login saved, or the default. */
export function serviceUrlOf(command: Command): string {
  const options = command.optsWithGlobals<GlobalOptions>();
  const raw = present(options.url) ?? present(process.env.BIS_URL) ?? readLogin()?.url ?? DEFAULT_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw usageError(
      `${JSON.stringify(raw)} is not a URL: set BIS_URL (or --url) to the service's address, e.g. ${DEFAULT_URL}`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw usageError(
      `${JSON.stringify(raw)} is not an http:// or https:// URL: set BIS_URL (or --url) to the service's address`,
    );
  }
  if (url.search || url.hash || url.username || url.password) {
    throw usageError(
      'BIS_URL (or --url) must be a plain base address such as https://bis.example.org, without query, fragment or credentials',
    );
  }
  return url.href.replace(/\/+$/, '');
}

/** What every command needs: the client for the service named by --url/BIS_URL, and whether to print JSON. */
export function contextOf(command: Command): Context {
  const options = command.optsWithGlobals<GlobalOptions>();
  const baseUrl = serviceUrlOf(command);
  const saved = readLogin();
  // The token bis login saved belongs to the service it was made on.
  const savedToken = saved && saved.url === baseUrl ? saved.token : undefined;
  const token = present(options.token) ?? present(process.env.BIS_ADMIN_TOKEN) ?? savedToken;
  return { api: new AdminClient(baseUrl, token), json: options.json === true };
}
