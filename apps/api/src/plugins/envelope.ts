import {
  ANONYMOUS_USER,
  ENVELOPE_STATUS,
  envelopeSchema,
  type Envelope,
  type ResponseStatus,
  type RootUser,
} from '@spesa/shared/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Failure, Result } from '../lib/result';

/**
 * The answer envelope of every /ebsn/api call: `{ response, user, data }` (spec section 8, wire notes).
 * Routes return `answer(request, result)`; a failure becomes status != 0 with the Italian text in
 * errors[0].error and errorsMessage, and `data: {}`. The route's response schema is `apiResponse(dataSchema)`,
 * so success data and the empty failure data are both serialised through zod.
 */

/** Data of a failed answer. */
export const emptyDataSchema = z.strictObject({});
export type EmptyData = z.infer<typeof emptyDataSchema>;

/** Response schema of an envelope route: the contract's data, or {} when the call failed. */
export function apiResponse<T extends z.ZodType>(data: T) {
  return envelopeSchema(z.union([data, emptyDataSchema]));
}

const STATUS_BY_KIND: Record<Failure['kind'], number> = {
  business: ENVELOPE_STATUS.businessError,
  notFound: ENVELOPE_STATUS.notFound,
  validation: ENVELOPE_STATUS.validationError,
};

function emptyStatus(): ResponseStatus {
  return {
    status: ENVELOPE_STATUS.ok,
    errors: [],
    infos: [],
    warnings: [],
    errorsMessage: [],
    infosMessage: [],
    warningsMessage: [],
  };
}

export function okEnvelope<T>(
  user: RootUser,
  data: T,
  infos: readonly string[] = [],
  warnings: readonly string[] = [],
): Envelope<T> {
  const response = emptyStatus();
  response.infos = infos.map((info) => ({ info }));
  response.infosMessage = [...infos];
  response.warnings = warnings.map((warning) => ({ warning }));
  response.warningsMessage = [...warnings];
  return { response, user, data };
}

export function errorEnvelope(
  user: RootUser,
  status: number,
  messages: ReadonlyArray<{ text: string; code?: string | undefined; field?: string | undefined }>,
): Envelope<EmptyData> {
  const response = emptyStatus();
  response.status = status;
  response.errors = messages.map((m) => ({
    error: m.text,
    ...(m.code ? { code: m.code } : {}),
    ...(m.field ? { field: m.field } : {}),
  }));
  response.errorsMessage = messages.map((m) => m.text);
  return { response, user, data: {} };
}

export function failureEnvelope(user: RootUser, failure: Failure): Envelope<EmptyData> {
  return errorEnvelope(user, STATUS_BY_KIND[failure.kind], [
    { text: failure.message, code: failure.code, field: failure.field },
  ]);
}

/** Who the server thinks it is talking to: the session's user (plugins/session.ts), else anonymous. */
export function rootUserOf(request: FastifyRequest): RootUser {
  return request.rootUser ?? ANONYMOUS_USER;
}

/** Turns a service result into the envelope (HTTP 200 either way: failures are values). */
export function answer<T>(request: FastifyRequest, result: Result<T>): Envelope<T | EmptyData> {
  const user = rootUserOf(request);
  return result.ok
    ? okEnvelope(user, result.data, result.infos, result.warnings)
    : failureEnvelope(user, result);
}

/**
 * An answer that carries data whatever happened: the cart calls answer the whole new cart even when a line
 * was refused (spec section 4: the cart is replaced by the server's answer after every change). Refusals set
 * status != 0 (the first one's kind) and fill errors; success texts fill infos.
 */
export function answerWithData<T>(
  request: FastifyRequest,
  data: T,
  failures: readonly Failure[],
  infos: readonly string[] = [],
): Envelope<T> {
  const user = rootUserOf(request);
  const first = failures[0];
  if (!first) return okEnvelope(user, data, infos);
  const envelope = errorEnvelope(
    user,
    STATUS_BY_KIND[first.kind],
    failures.map((f) => ({ text: f.message, code: f.code, field: f.field })),
  );
  return { ...envelope, data };
}

/**
 * The answer of a partial addition (an order or a list put into the cart): the data with each refusal in
 * `errors` and, when something was added too, what was added in `infos` (both told at once).
 */
export function answerPartial<T>(
  request: FastifyRequest,
  outcome: { data: T; failures: readonly Failure[]; infos: readonly string[] },
): Envelope<T> {
  const envelope = answerWithData(request, outcome.data, outcome.failures, outcome.infos);
  if (outcome.failures.length > 0 && outcome.infos.length > 0) {
    envelope.response.infos = outcome.infos.map((info) => ({ info }));
    envelope.response.infosMessage = [...outcome.infos];
  }
  return envelope;
}

declare module 'fastify' {
  interface FastifyRequest {
    rootUser: RootUser | null;
  }
}

export default fp(
  async (app) => {
    app.decorateRequest('rootUser', null);
  },
  { name: 'envelope' },
);
