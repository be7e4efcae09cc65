import { randomBytes } from 'node:crypto';

/**
 * Satispay's error answers (developers.satispay.com/reference/handle-errors and the 4xx answers of each
 * operation): a JSON object `{ code, message, wlt }` with the status below; `wlt` is the request's trace id.
 * The codes the stand-in answers:
 * - 400 `36` malformed flow, payment or metadata (and, where the reference is silent, every refused value);
 * - 400 `131` payment too old to be refunded;
 * - 401 `34` merchant not found or unauthorized (every failed signature check: Satispay names no finer code);
 * - 403 `44` illegal state transition (accept an ACCEPTED payment, cancel a CANCELED one, refund a not ACCEPTED
 *   one);
 * - 403 `45` unable to fulfill the request (the stand-in's answer to an Idempotency-Key reused with another
 *   request: the reference says nothing of that case);
 * - 404 `41` resource not found.
 * Satispay's example serialises `code` as a number (`"code": 21`) while its schema says string: the stand-in sends
 * a number, so a client must accept both.
 */
export type SatispayErrorCode = 34 | 36 | 41 | 44 | 45 | 131;

const STATUS: Record<SatispayErrorCode, number> = { 34: 401, 36: 400, 41: 404, 44: 403, 45: 403, 131: 400 };

export interface SatispayErrorBody {
  code: SatispayErrorCode;
  message: string;
  wlt: string;
}

export class SatispayApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: SatispayErrorCode,
    message: string,
    /** false for refusals before the operation ran (signature, body): no idempotency record is kept */
    readonly storable = true,
  ) {
    super(message);
    this.status = STATUS[code];
  }

  body(): SatispayErrorBody {
    return { code: this.code, message: this.message, wlt: randomBytes(6).toString('base64url').slice(0, 8) };
  }
}

export const unauthorized = (message: string) => new SatispayApiError(34, message, false);
export const malformed = (message: string, storable = true) => new SatispayApiError(36, message, storable);
export const notFound = (message = 'Resource not found') => new SatispayApiError(41, message);
export const illegalTransition = (message: string) => new SatispayApiError(44, message);
