import type { RootUser } from '@spesa/shared/contracts/envelope';
import type { AccountRepository, UserRow } from './account.repository';
import { randomToken, sha256 } from './secrets';
import { toRootUser } from './user.mapper';

export interface SessionLifetimes {
  idleMinutes: number;
  absoluteHours: number;
  rememberDays: number;
}

export interface LiveSession {
  tokenHash: string;
  userId: number;
  rememberMe: boolean;
  rootUser: RootUser;
  /** the user's row as read with the session, at the start of this request */
  user: UserRow;
}

/** How often a session's idle expiry is pushed forward (not on every request). */
const TOUCH_EVERY_MS = 60_000;

/**
 * Server-side sessions: a random 256-bit token held by the client (cookie or x-ebsn-account header), its
 * SHA-256 in the sessions table. Idle and absolute lifetimes; "remember me" stretches both to days.
 * Revocable one by one (logout) or all at once (password change, anonymisation).
 */
export class SessionService {
  constructor(
    private readonly repo: AccountRepository,
    private readonly lifetimes: SessionLifetimes,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private idleMs(rememberMe: boolean): number {
    return rememberMe ? this.lifetimes.rememberDays * 86_400_000 : this.lifetimes.idleMinutes * 60_000;
  }

  private absoluteMs(rememberMe: boolean): number {
    return rememberMe ? this.lifetimes.rememberDays * 86_400_000 : this.lifetimes.absoluteHours * 3_600_000;
  }

  /** Max-Age of the cookie in seconds; undefined = a browser-session cookie. */
  cookieMaxAge(rememberMe: boolean): number | undefined {
    return rememberMe ? Math.floor(this.absoluteMs(true) / 1000) : undefined;
  }

  /** A new session for the user; returns the token to hand to the client (never stored). */
  async create(
    userId: number,
    rememberMe: boolean,
    meta: { userAgent: string; clientIp: string },
  ): Promise<string> {
    const token = randomToken();
    const now = this.now();
    await this.repo.insertSession({
      tokenHash: sha256(token),
      userId,
      rememberMe,
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt: new Date(now.getTime() + this.idleMs(rememberMe)),
      absoluteExpiresAt: new Date(now.getTime() + this.absoluteMs(rememberMe)),
      userAgent: meta.userAgent.slice(0, 300),
      clientIp: meta.clientIp.slice(0, 64),
    });
    return token;
  }

  /** The live session of a token, or null when it is unknown, expired, revoked or predates a password change. */
  async resolve(token: string): Promise<LiveSession | null> {
    if (token.length < 20 || token.length > 200) return null;
    const tokenHash = sha256(token);
    const now = this.now();
    const found = await this.repo.findLiveSession(tokenHash, now);
    if (!found) return null;
    const { session, user, cardType } = found;
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS)
      await this.repo.touchSession(tokenHash, now, new Date(now.getTime() + this.idleMs(session.rememberMe)));
    return {
      tokenHash,
      userId: user.userId,
      rememberMe: session.rememberMe,
      rootUser: toRootUser(user, cardType),
      user,
    };
  }

  revoke(tokenHash: string): Promise<void> {
    return this.repo.revokeSession(tokenHash);
  }

  revokeAllOf(userId: number, keepTokenHash?: string): Promise<void> {
    return this.repo.revokeUserSessions(userId, keepTokenHash);
  }
}
