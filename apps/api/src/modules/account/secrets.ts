import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * Secrets of the account domain. Passwords: argon2id with the OWASP parameters (19 MiB, 2 passes).
 * Session and mail tokens: 256 random bits sent to the client, stored as their SHA-256 only, so a copy of
 * the database cannot sign anyone in.
 */
const ARGON2_OPTIONS = {
  // Algorithm.Argon2id (a const enum, not importable under verbatimModuleSyntax)
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash of nothing in particular, verified when the account does not exist (same timing, no enumeration). */
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(randomToken());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** 256 random bits, base64url (43 characters). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A 6-digit PIN for the multi-factor sign-in, uniformly random. */
export function randomPin(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}
