import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { BotChallenge } from '@spesa/shared/contracts/account';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { botCheckSpent } from '../../db/schema';

/**
 * The login's bot check: an ALTCHA proof-of-work challenge, verified here (no outside service). The
 * client finds the number whose SHA-256 with the salt gives the challenge (a fraction of a second for a
 * person, costly at bot scale) and sends the signed solution as the `token` query of /auth/login.
 * A solution is accepted once: the accepted signatures are kept in the database (table bot_check_spent)
 * until their challenge expires, and the HMAC key is the configured one or the one the shop generated and
 * stored (lib/app-secrets.ts), so a solution replayed on another API process is refused too.
 */
const CHALLENGE_TTL_MS = 10 * 60_000;

export class BotCheckService {
  private readonly hmacKey: string;
  private readonly maxNumber: number;

  constructor(
    private readonly db: Db,
    opts: { hmacKey: string; maxNumber: number },
  ) {
    this.hmacKey = opts.hmacKey;
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
    const ok = await verifySolution(token, this.hmacKey, true).catch(() => false);
    if (!ok) return false;
    // the first process to record the signature accepts it; any other answer is a replay
    const spent = await this.db
      .insert(botCheckSpent)
      .values({ signature, expiresAt: sql`now() + ${CHALLENGE_TTL_MS} * interval '1 millisecond'` })
      .onConflictDoNothing({ target: botCheckSpent.signature })
      .returning({ signature: botCheckSpent.signature });
    return spent.length === 1;
  }

  /** Forgets the solutions whose challenge has expired (the recurring clean-up job). */
  async deleteExpired(): Promise<void> {
    await this.db.delete(botCheckSpent).where(lt(botCheckSpent.expiresAt, sql`now()`));
  }
}
