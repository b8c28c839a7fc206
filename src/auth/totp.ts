import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as authenticator apps expect it: SHA-1, six digits, a 30-second step. */
const PERIOD_SECONDS = 30;

const totpFor = (base32: string, label = 'operator') =>
  new TOTP({
    issuer: 'Bank Integration Service',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });

export function newTotpKey(): string {
  return new Secret({ size: 20 }).base32;
}

/** What an operator needs to add the key to an authenticator app: the key, its otpauth:// URI and a QR code. */
export async function totpEnrolment(
  base32: string,
  email: string,
): Promise<{ key: string; uri: string; qrSvg: string }> {
  const uri = totpFor(base32, email).toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { key: base32, uri, qrSvg };
}

/**
 * The time step a six-digit code matches, within one step either side of now, or undefined. The
 * caller accepts a step only once (see OperatorsStore.useTotpStep).
 */
export function matchTotp(base32: string, code: string, now: Date): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpFor(base32).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}
