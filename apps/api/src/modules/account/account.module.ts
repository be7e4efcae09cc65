import { publicUrlOf } from '../../env';
import { storedSecret } from '../../lib/app-secrets';
import type { ModuleCore, RouteRegistrar } from '../../lib/module';
import type { MailService } from '../mail/mail.service';
import { AccountRepository } from './account.repository';
import {
  AccountService,
  PASSWORD_RESET_JOB,
  type GiftCountPort,
  type PasswordResetRequest,
  type PickupOrdersPort,
} from './account.service';
import authRoutes from './auth.routes';
import { AuthService } from './auth.service';
import { BotCheckService } from './bot-check.service';
import registrationRoutes, { type SocialSignUpPort } from './registration.routes';
import { SessionService, type OperatorsPort } from './session.service';

export interface AccountModuleDeps extends ModuleCore {
  mail: MailService;
  secureCookie: boolean;
  /** the personal gift certificates usable today, in the user's answer (the loyalty module) */
  gifts: GiftCountPort;
  /** orders awaiting pickup block the account's deletion (the orders module) */
  pickupOrders: PickupOrdersPort;
  /** an operator's session lives while its staff member may act for customers (the back office, decision 053) */
  operators: OperatorsPort;
  /** what other modules keep about a customer, erased with the account (app.ts lists them) */
  erasers: ReadonlyArray<(userId: number) => Promise<void>>;
  /** a registration finishing a social sign-in (the identity module, decision 054) */
  socialSignUp: SocialSignUpPort;
}

/** The account module: users and their sessions, sign-in, registration, profile, bot checks. */
export async function accountModule(d: AccountModuleDeps) {
  const { db, env, now, jobs, mail, secureCookie } = d;
  const accounts = new AccountRepository(db);
  const sessions = new SessionService(
    accounts,
    {
      idleMinutes: env.SESSION_IDLE_MINUTES,
      absoluteHours: env.SESSION_ABSOLUTE_HOURS,
      rememberDays: env.SESSION_REMEMBER_DAYS,
    },
    now,
    d.operators,
  );
  const auth = new AuthService(accounts, sessions, mail, d.gifts, now, d.events);
  const account = new AccountService(accounts, sessions, mail, {
    publicUrl: publicUrlOf(env),
    pickupOrders: d.pickupOrders,
    gifts: d.gifts,
    erasers: d.erasers,
    later: (kind, payload) => jobs.enqueue(kind, payload),
    now,
  });
  jobs.register(PASSWORD_RESET_JOB, (payload) => account.sendPasswordReset(payload as PasswordResetRequest));
  const botCheck = new BotCheckService(db, {
    hmacKey: env.BOT_CHECK_HMAC_KEY ?? (await storedSecret('bot-check-hmac', db)),
    maxNumber: env.BOT_CHECK_MAX_NUMBER,
  });
  return {
    accounts,
    sessions,
    account,
    botCheck,
    /** the account of a typed login, or null (throttling counts per account) */
    userIdOfLogin: async (login: string) => (await accounts.findUserByLogin(login))?.userId ?? null,
    routes: (async (api) => {
      await api.register(authRoutes, { auth, botCheck, sessions, secureCookie });
      await api.register(registrationRoutes, {
        account,
        sessions,
        secureCookie,
        socialSignUp: d.socialSignUp,
      });
    }) satisfies RouteRegistrar,
  };
}
