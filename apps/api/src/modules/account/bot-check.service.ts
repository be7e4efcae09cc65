import { randomBytes } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { BotChallenge } from '@spesa/shared/contracts/account';
import { LRUCache } from 'lru-cache';

/**
 * The login's bot check: an ALTCHA proof-of-work challenge, verified here (no outside service). The
 * client finds the number whose SHA-256 with the salt gives the challenge (a fraction of a second for a
 * person, costly at bot scale) and sends the signed solution as the `token` query of /auth/login.
 * A solution is accepted once (replays are remembered until the challenge expires).
 */
const CHALLENGE_TTL_MS = 10 * 60_000;

export class BotCheckService {
  private readonly hmacKey: string;
  private readonly maxNumber: number;
  private readonly used = new LRUCache<string, true>({ max: 100_000, ttl: CHALLENGE_TTL_MS });

  constructor(opts: { hmacKey?: string | undefined; maxNumber: number }) {
    this.hmacKey = opts.hmacKey ?? randomBytes(32).toString('hex');
    this.maxNumber = opts.maxNumber;
  }

  async challenge(): Promise<BotChallenge> {
    const c = await createChallenge({
      hmacKey: this.hmacKey,
      maxnumber: this.maxNumber,
      expires: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
    return {
      algorithm: c.algorithm,
      challenge: c.challenge,
      maxnumber: c.maxnumber ?? this.maxNumber,
      salt: c.salt,
      signature: c.signature,
    };
  }

  /** True for a valid, unexpired, not yet used solution. */
  async verify(token: string | undefined): Promise<boolean> {
    if (!token || token.length > 4000) return false;
    let signature: string;
    try {
      const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as { signature?: unknown };
      if (typeof payload.signature !== 'string') return false;
      signature = payload.signature;
    } catch {
      return false;
    }
    if (this.used.has(signature)) return false;
    const ok = await verifySolution(token, this.hmacKey, true).catch(() => false);
    if (ok) this.used.set(signature, true);
    return ok;
  }
}
