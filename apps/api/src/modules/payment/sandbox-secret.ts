/**
 * The shortest signing key the sandbox payment provider accepts: an HMAC-SHA256 key of 32 random characters
 * or more (PAYMENT_SANDBOX_SECRET in env.ts; the one generated for a database has 64 hex digits).
 */
export const SANDBOX_SECRET_MIN_LENGTH = 32;
