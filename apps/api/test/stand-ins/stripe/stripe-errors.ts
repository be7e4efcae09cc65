/**
 * Stripe's error answers (https://docs.stripe.com/api/errors): `{ error: { type, code, message, param, doc_url } }`
 * with 400 (invalid request, idempotency), 401 (authentication), 402 (card declined), 404 (unknown object or URL).
 * The SDK picks its error class from the status and `type` (StripeInvalidRequestError, StripeCardError,
 * StripeAuthenticationError, StripeIdempotencyError).
 */
export type StripeErrorType = 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  param?: string;
  doc_url?: string;
  decline_code?: string;
  charge?: string;
  payment_intent?: unknown;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
    /** false for refusals before the endpoint runs (bad parameters): the idempotency layer keeps no result */
    readonly storable = true,
  ) {
    super(body.message);
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;

export function invalidRequest(
  message: string,
  options: { code?: string; param?: string; status?: number; storable?: boolean } = {},
): StripeApiError {
  const body: StripeErrorBody = { type: 'invalid_request_error', message };
  if (options.code) Object.assign(body, { code: options.code, doc_url: docUrl(options.code) });
  if (options.param) body.param = options.param;
  return new StripeApiError(options.status ?? 400, body, options.storable ?? true);
}

export const parameterMissing = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param, storable: false });

export const parameterUnknown = (param: string) =>
  invalidRequest(`Received unknown parameter: ${param}`, {
    code: 'parameter_unknown',
    param,
    storable: false,
  });

export const parameterInvalid = (param: string, message: string, code = 'parameter_invalid_string') =>
  invalidRequest(message, { code, param, storable: false });

/** an object named in the URL answers 404; one named in a parameter answers 400 */
export const resourceMissing = (kind: string, id: string, param?: string) =>
  invalidRequest(`No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    ...(param ? { param } : {}),
    status: param ? 400 : 404,
  });

export const unexpectedIntentState = (message: string) =>
  invalidRequest(message, { code: 'payment_intent_unexpected_state' });

export function cardError(
  body: Omit<StripeErrorBody, 'type' | 'doc_url'> & { code: string },
): StripeApiError {
  return new StripeApiError(402, { type: 'card_error', doc_url: docUrl(body.code), ...body });
}

export function authenticationError(message: string): StripeApiError {
  return new StripeApiError(401, { type: 'invalid_request_error', message }, false);
}

export function idempotencyError(message: string): StripeApiError {
  return new StripeApiError(400, { type: 'idempotency_error', message }, false);
}
