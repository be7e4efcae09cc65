import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The staff's one-time codes (TOTP, RFC 6238: 6 digits, 30-second steps, SHA-1 as every authenticator app
 * reads it) through otplib; the QR code of the enrolment drawn by `qrcode`. Secrets are kept encrypted
 * (AES-256-GCM with a key from outside the row: STAFF_TOTP_KEY, or one generated once per database outside
 * production), so a copy of the table alone signs nobody in. Both packages are loaded on the first code checked or
 * enrolment begun, not at every process's start.
 */
const otplib = () => import('otplib');
export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'Spesa back office';

export class Totp {
  readonly #key: Buffer;

  constructor(keyMaterial: string) {
    this.#key = createHash('sha256').update(keyMaterial).digest();
  }

  async newSecret(): Promise<string> {
    return (await otplib()).generateSecret();
  }

  /** The enrolment: the otpauth:// URI and its QR code (an SVG document). */
  async enrolment(secret: string, account: string): Promise<{ otpauthUri: string; qrSvg: string }> {
    const [{ generateURI }, { default: QRCode }] = await Promise.all([otplib(), import('qrcode')]);
    const otpauthUri = generateURI({ issuer: ISSUER, label: account, secret });
    const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { otpauthUri, qrSvg };
  }

  /**
   * The time step a code belongs to when it is valid now (one step of clock drift either way), else null.
   * The caller accepts a step once: a code seen signing in cannot sign in again.
   */
  async stepOf(secret: string, code: string, now: Date): Promise<number | null> {
    const epoch = Math.floor(now.getTime() / 1000);
    const { verify } = await otplib();
    const result = await verify({
      secret,
      token: code,
      epoch,
      epochTolerance: TOTP_PERIOD_SECONDS,
    });
    if (!result.valid) return null;
    const delta = 'delta' in result && typeof result.delta === 'number' ? result.delta : 0;
    return Math.floor(epoch / TOTP_PERIOD_SECONDS) + delta;
  }

  encrypt(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      data.toString('base64url'),
    ].join('.');
  }

  decrypt(stored: string): string {
    const [version, iv, tag, data] = stored.split('.');
    if (version !== 'v1' || !iv || !tag || !data) throw new Error('unknown authenticator secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}

/** Ten recovery codes, XXXXX-XXXXX from an alphabet without look-alikes; each signs in once. */
export function newRecoveryCodes(count = 10): string[] {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}
