/** The cookie of an operator's session. */
export const SESSION_COOKIE = 'bis_session';

/** The value of one cookie of a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

/**
 * The session cookie: kept from scripts (HttpOnly), never sent with a request from another site
 * (SameSite=Strict), for the whole service (Path=/), and only over TLS when the service is
 * reached over https.
 */
export function sessionCookie(
  value: string,
  { secure, maxAgeSeconds }: { secure: boolean; maxAgeSeconds: number },
): string {
  return [
    `${SESSION_COOKIE}=${value}`,
    'HttpOnly',
    'SameSite=Strict',
    'Path=/',
    `Max-Age=${maxAgeSeconds}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
