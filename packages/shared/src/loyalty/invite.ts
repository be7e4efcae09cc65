/**
 * Invite a friend (spec section 9; decision 045): the programme as the chain configures it, and the rules
 * both the shop and the server read. The spec's end date (31.12.2023) has passed: the chain runs the
 * programme again until `endsOn` (decision 045).
 */
export const INVITE_PROGRAMME = {
  /** the friend's first order and each of the inviter's vouchers: this much off the goods (delivery excluded) */
  discountPercent: 10,
  /** vouchers an inviter can earn, for their first friends whose order is delivered */
  maxVouchers: 10,
  /** the last Italian day (inclusive) on which a friend may join; vouchers already earned are still issued */
  endsOn: '2027-12-31',
  /** the inviter's voucher is issued within this many hours of the friend's delivered order */
  voucherWithinHours: 24,
  /** days a certificate of the programme (the friend's and the inviter's) can be used */
  certificateDays: 90,
} as const;

/** Is the programme open to new friends on `today` (YYYY-MM-DD, Italian day)? */
export const isInviteOpen = (today: string): boolean => today <= INVITE_PROGRAMME.endsOn;

/** An invite code: "AMICO-" and 6 characters without look-alikes (no 0/O, 1/I/L). */
export const INVITE_CODE_PATTERN = /^AMICO-[A-HJKMNP-Z2-9]{6}$/;

/** The path of the link a customer sends to a friend (the shop's page that takes the code). */
export const invitePath = (code: string): string => `/invito/${encodeURIComponent(code)}`;

/** A typed invite code as stored: trimmed, upper case (null: not an invite code). */
export function normaliseInviteCode(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  return INVITE_CODE_PATTERN.test(code) ? code : null;
}

/** Mailboxes that ignore dots in the local part. */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * An e-mail address reduced to the mailbox it reaches, to tell a second account of the same person: lower
 * case, without a "+tag" (sub-addressing, RFC 5233, honoured by the common providers), without dots for
 * Gmail, googlemail.com read as gmail.com.
 */
export function mailboxOf(email: string): string {
  const at = email.trim().toLowerCase().lastIndexOf('@');
  if (at < 1) return email.trim().toLowerCase();
  const lower = email.trim().toLowerCase();
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
