export type BasicCredentials = { clientId: string; clientSecret: string };

/** RFC 6749 Appendix B: each half is form-urlencoded before it is joined and base64-encoded. */
function formDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/**
 * Reads `Authorization: Basic ...` (scheme in any case). Returns undefined when the header is
 * not Basic or cannot be read: the caller answers that as a failed authentication.
 */
export function parseBasicAuth(header: string): BasicCredentials | undefined {
  const [, encoded] = /^basic[ ]+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header) ?? [];
  if (encoded === undefined) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const clientId = formDecode(decoded.slice(0, colon));
  const clientSecret = formDecode(decoded.slice(colon + 1));
  if (clientId === undefined || clientSecret === undefined) return undefined;
  return { clientId, clientSecret };
}
