import type {
  LiveOperator,
  LiveSession,
  SessionCompanion,
  SessionsPort,
  SessionUser,
} from '../../plugins/session';
import type { AccountRepository } from './account.repository';
import { randomToken, sha256 } from './secrets';
import { toRootUser } from './user.mapper';

export type { LiveOperator, LiveSession } from '../../plugins/session';

export interface SessionLifetimes {
  idleMinutes: number;
  absoluteHours: number;
  rememberDays: number;
}

/**
 * Who an operator is, asked at every request of an operator's session (the back office's staff members):
 * null when they are no longer staff of a role that may act, which ends the session.
 */
export interface OperatorsPort {
  operatorOf(userId: number): Promise<{ username: string; name: string; role: string } | null>;
}

/** An operator's session lasts a shift and ends after a while idle, like the back office's (decision 030). */
export const OPERATOR_SESSION = { idleMinutes: 30, absoluteHours: 10 } as const;

/** How often a session's idle expiry is pushed forward (not on every request). */
const TOUCH_EVERY_MS = 60_000;

/**
 * Server-side sessions: a random 256-bit token held by the client (cookie or x-ebsn-account header), its
 * SHA-256 in the sessions table. Idle and absolute lifetimes; "remember me" stretches both to days.
 * Revocable one by one (logout) or all at once (password change, anonymisation).
 */
export class SessionService implements SessionsPort {
  constructor(
    private readonly repo: AccountRepository,
    private readonly lifetimes: SessionLifetimes,
    private readonly now: () => Date = () => new Date(),
    private readonly operators: OperatorsPort | null = null,
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
  async resolve(token: string, companion?: SessionCompanion): Promise<LiveSession | null> {
    if (token.length < 20 || token.length > 200) return null;
    const tokenHash = sha256(token);
    const now = this.now();
    const found = await this.repo.findLiveSession(tokenHash, now, companion);
    if (!found) return null;
    const { user, cardType, cardValidTo } = found;
    const operator =
      found.operatorUserId === null ? null : await this.operatorOf(found.operatorUserId, user);
    if (found.operatorUserId !== null && !operator) return null;
    if (now.getTime() - found.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      const idleMs = operator ? OPERATOR_SESSION.idleMinutes * 60_000 : this.idleMs(found.rememberMe);
      await this.repo.touchSession(tokenHash, now, new Date(now.getTime() + idleMs));
    }
    const rootUser = toRootUser(user, cardType);
    if (operator)
      rootUser.operator = {
        userId: operator.userId,
        username: operator.username,
        name: operator.name,
        roles: [operator.role],
        acting: operator.acting,
      };
    // as AccountRepository.pricingFacts answers it: a card row (its type is never null) valid on the day
    const pricingOn = (today: string) => ({
      card: cardType !== null && (cardValidTo === null || cardValidTo >= today),
      segments: user.crmSegmentIds,
    });
    return {
      tokenHash,
      userId: user.userId,
      operator,
      rememberMe: found.rememberMe,
      rootUser,
      user,
      pricingOn,
      companion: found.companion ?? null,
    };
  }

  private async operatorOf(operatorUserId: number, user: SessionUser): Promise<LiveOperator | null> {
    const found = await this.operators?.operatorOf(operatorUserId);
    return found ? { userId: operatorUserId, ...found, acting: user.userId !== operatorUserId } : null;
  }

  /** A new operator's session (decision 053): acting for nobody until a customer is chosen. */
  async createOperator(
    operatorUserId: number,
    meta: { userAgent: string; clientIp: string },
  ): Promise<string> {
    const token = randomToken();
    const now = this.now();
    await this.repo.insertSession({
      tokenHash: sha256(token),
      userId: operatorUserId,
      operatorUserId,
      rememberMe: false,
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt: new Date(now.getTime() + OPERATOR_SESSION.idleMinutes * 60_000),
      absoluteExpiresAt: new Date(now.getTime() + OPERATOR_SESSION.absoluteHours * 3_600_000),
      userAgent: meta.userAgent.slice(0, 300),
      clientIp: meta.clientIp.slice(0, 64),
    });
    return token;
  }

  /** An operator's session acts for this customer from its next request; false: not an operator's session. */
  actFor(tokenHash: string, customerUserId: number): Promise<boolean> {
    return this.repo.setOperatorSessionUser(tokenHash, customerUserId);
  }

  /** An operator's session stops acting: it is the operator's own again (they stay signed in). */
  stopActing(tokenHash: string): Promise<boolean> {
    return this.repo.setOperatorSessionUser(tokenHash, null);
  }

  revoke(tokenHash: string): Promise<void> {
    return this.repo.revokeSession(tokenHash);
  }

  revokeAllOf(userId: number, keepTokenHash?: string): Promise<void> {
    return this.repo.revokeUserSessions(userId, keepTokenHash);
  }
}
