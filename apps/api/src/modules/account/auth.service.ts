import { NO_SHOP_EVENTS, type ShopEvents } from '../../lib/shop-events';
import type { LoginInput, UserDetail } from '@spesa/shared/contracts/account';
import { failWith, ok, type Result } from '../../lib/result';
import type { MailService } from '../mail/mail.service';
import { ACCOUNT_TEXT } from './account.messages';
import type { AccountRepository, UserRow } from './account.repository';
import { randomPin, sameDigest, sha256, verifyPassword } from './secrets';
import type { GiftCountPort } from './account.service';
import type { SessionService } from './session.service';
import { toUserDetail } from './user.mapper';

export const PIN_MINUTES = 10;
const PIN_MAX_ATTEMPTS = 5;

export interface SignedIn {
  token: string;
  rememberMe: boolean;
  user: UserDetail;
  row: UserRow;
  cardType: string | null;
}

/**
 * Sign-in (spec section 4 "Login state", multi-factor). The same answer and about the same time for an
 * unknown login and a wrong password (the password is verified against a dummy hash when there is no
 * account). With the PIN on, a right password sends a 6-digit PIN by e-mail (valid 10 minutes, 5 tries)
 * and answers the MFA code; the client signs in again with the PIN.
 */
export class AuthService {
  constructor(
    private readonly repo: AccountRepository,
    private readonly sessions: SessionService,
    private readonly mail: MailService,
    private readonly gifts: GiftCountPort,
    private readonly now: () => Date = () => new Date(),
    /** told of each refused sign-in (the metrics) */
    private readonly events: ShopEvents = NO_SHOP_EVENTS,
  ) {}

  async login(input: LoginInput, meta: { userAgent: string; clientIp: string }): Promise<Result<SignedIn>> {
    const user = await this.repo.findUserByLogin(input.login.trim());
    const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !passwordOk) {
      this.events.emit({ kind: 'signIn.failed', reason: 'credentials' });
      return failWith(ACCOUNT_TEXT.wrongCredentials);
    }
    if (!user.profileConfirmed) return failWith(ACCOUNT_TEXT.notConfirmed);

    if (user.mfaEnabled) {
      const pinCheck = await this.checkPin(user, input);
      if (!pinCheck.ok) return pinCheck;
    }

    const token = await this.sessions.create(user.userId, input.rememberMe, meta);
    const [cardType, personInfos, gifts] = await Promise.all([
      this.repo.cardTypeOf(user.cardNumber),
      this.repo.personInfosOf(user.userId),
      this.gifts.usableCount(user.userId),
    ]);
    return ok({
      token,
      rememberMe: input.rememberMe,
      user: toUserDetail(user, personInfos, cardType, gifts),
      row: user,
      cardType,
    });
  }

  /**
   * Was this account sent a PIN that is still pending? A PIN is only sent by a bot-checked sign-in with the
   * right password, so its pending token is the ticket that lets the PIN call skip the bot check.
   */
  async hasPendingPin(login: string): Promise<boolean> {
    const user = await this.repo.findUserByLogin(login.trim());
    if (!user?.mfaEnabled) return false;
    const active = await this.repo.findActiveToken(user.userId, 'mfa_pin', this.now());
    return active !== null && active.attempts < PIN_MAX_ATTEMPTS;
  }

  private async checkPin(user: UserRow, input: LoginInput): Promise<Result<null>> {
    const now = this.now();
    const active = await this.repo.findActiveToken(user.userId, 'mfa_pin', now);
    if (input.resendMfaPin || (!input.mfaPin && !active)) {
      await this.sendPin(user);
      return input.resendMfaPin ? failWith(ACCOUNT_TEXT.mfaResent) : failWith(ACCOUNT_TEXT.mfaRequired);
    }
    if (!input.mfaPin) return failWith(ACCOUNT_TEXT.mfaRequired);
    if (!active || active.attempts >= PIN_MAX_ATTEMPTS) return failWith(ACCOUNT_TEXT.mfaExpired);
    if (!sameDigest(active.tokenHash, sha256(input.mfaPin))) {
      this.events.emit({ kind: 'signIn.failed', reason: 'pin' });
      const attempts = await this.repo.countTokenAttempt(active.tokenId);
      return attempts >= PIN_MAX_ATTEMPTS
        ? failWith(ACCOUNT_TEXT.mfaExpired)
        : failWith(ACCOUNT_TEXT.mfaWrong);
    }
    if (!(await this.repo.consumeToken(active.tokenId))) return failWith(ACCOUNT_TEXT.mfaExpired);
    return ok(null);
  }

  private async sendPin(user: UserRow): Promise<void> {
    const pin = randomPin();
    await this.repo.replaceToken({
      userId: user.userId,
      purpose: 'mfa_pin',
      tokenHash: sha256(pin),
      expiresAt: new Date(this.now().getTime() + PIN_MINUTES * 60_000),
    });
    await this.mail.send(user.email, {
      template: 'mfa-pin',
      firstName: user.firstName,
      pin,
      minutes: PIN_MINUTES,
    });
  }

  logout(tokenHash: string): Promise<void> {
    return this.sessions.revoke(tokenHash);
  }
}
