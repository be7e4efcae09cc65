import type { Db } from '../../db/client';
import { isDemoShop, isDevMailboxOn, publicUrlOf } from '../../env';
import type { AuditPort, ModuleCore, RouteRegistrar } from '../../lib/module';
import type { MailTemplate } from './mail.templates';
import { MailAdmin } from './mail-admin.service';
import mailAdminRoutes from './mail-admin.routes';
import mailboxRoutes from './mailbox.routes';
import { MAIL_DELIVER_JOB, MAIL_DELIVERY_ATTEMPTS, MailService } from './mail.service';

type Fields<T extends MailTemplate['template'], Omitted extends string = never> = Omit<
  Extract<MailTemplate, { template: T }>,
  'template' | Omitted
>;

/**
 * The mail module: the shop's e-mails through one outbox, and the e-mails of modules that may not import it
 * (the loyalty module's invite vouchers and gift-card requests), each written in the caller's transaction.
 */
export function mailModule({
  db,
  env,
  files,
  events,
  jobs,
  audit,
}: Pick<ModuleCore, 'db' | 'env' | 'files' | 'events' | 'jobs'> & {
  /** the back office's audit log (the backoffice module): who asked a mail to be sent again */
  audit: AuditPort;
}) {
  const mail = new MailService(db, {
    events,
    jobs,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    demoShop: isDemoShop(env),
    files,
  });
  jobs.register(MAIL_DELIVER_JOB, (payload) => mail.deliver((payload as { mailId: number }).mailId), {
    maxAttempts: MAIL_DELIVERY_ATTEMPTS,
  });
  const admin = new MailAdmin(db, mail, jobs, audit);
  return {
    mail,
    /** the inviter's voucher, linking to the customer's gift certificates */
    inviteVoucherMail: async ({ to, ...m }: Fields<'invite-voucher', 'link'> & { to: string }, tx: Db) => {
      await mail.send(
        to,
        { template: 'invite-voucher', ...m, link: `${publicUrlOf(env)}/profile/gift-certificates` },
        [],
        tx,
      );
    },
    /** a company's gift-card request and customer service's answers */
    giftCardOrderMail: {
      send: (to: string, m: Fields<'gift-card-order'>, db?: Db) =>
        mail.send(to, { template: 'gift-card-order', ...m }, [], db),
    },
    /** the back office's "E-mail non recapitate": the list and the resend */
    adminRoutes: (async (api) => {
      await api.register(mailAdminRoutes, { admin });
    }) satisfies RouteRegistrar,
    /** the development mailbox (/dev/mailbox), when no SMTP server is configured */
    rootRoutes: (async (root) => {
      if (isDevMailboxOn(env)) await root.register(mailboxRoutes, { mail });
    }) satisfies RouteRegistrar,
  };
}
