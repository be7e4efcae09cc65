import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX, isApiUrl } from '../../plugins/errors';
import type { OperatorActionRow } from './operators.repository';

/**
 * The operators' audit trail (decision 053), written by one response hook so that no route can forget it:
 * every request of an operator's session that changes state (any method but GET/HEAD, or a GET flagged
 * `stateChanging`), and every call the access gate refused to an operator or to a customer calling an
 * operator's endpoint. Who acted for whom is taken when the request's session is read (choosing a customer or
 * ending the acting changes the session during the request); the outcome from the answer's envelope.
 * The record is written before the answer is sent.
 */
export interface OperatorsAuditOptions {
  record: (row: OperatorActionRow) => Promise<void>;
}

interface ActingSnapshot {
  operatorUserId: number;
  operatorName: string;
  /** the customer acted for (a selection names the customer chosen) */
  customerUserId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** who acted for whom, when an operator's session made the request */
    acting: ActingSnapshot | null;
    /** the answer's envelope status and first error code (read before serialisation) */
    envelopeOutcome: { status: number; code: string | null } | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const changesState = (request: FastifyRequest): boolean =>
  !SAFE_METHODS.has(request.method) || request.routeOptions.config.stateChanging === true;

const isEnvelope = (
  payload: unknown,
): payload is { response: { status: number; errors: Array<{ code?: string }> } } =>
  typeof payload === 'object' &&
  payload !== null &&
  'response' in payload &&
  typeof (payload as { response: { status?: unknown } }).response?.status === 'number';

export default fp<OperatorsAuditOptions>(
  async (app, { record }) => {
    app.decorateRequest('acting', null);
    app.decorateRequest('envelopeOutcome', null);

    // as soon as the session is read: at onRequest, or once the body is parsed (`config.sessionAfterBody`)
    app.onSessionRead((request) => {
      const operator = request.session?.operator;
      if (!operator || !request.session) return;
      request.acting = {
        operatorUserId: operator.userId,
        operatorName: operator.name,
        customerUserId: operator.acting ? request.session.userId : null,
      };
    });

    /** The trail's row of an operator's call (or of a refusal), written before the answer leaves. */
    const recordOutcome = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const refused = request.actingRefusal;
      const code = refused ?? request.envelopeOutcome?.code ?? null;
      const failed = reply.statusCode >= 400 || (request.envelopeOutcome?.status ?? 0) !== 0;
      const outcome = refused || code?.startsWith('msg.operator.') ? 'refused' : failed ? 'failed' : 'done';
      try {
        await record({
          operatorUserId: request.acting?.operatorUserId ?? null,
          operatorName: request.acting?.operatorName ?? '',
          customerUserId: request.acting?.customerUserId ?? null,
          callerUserId: request.acting ? null : (request.session?.userId ?? null),
          action: `${request.method} ${(request.routeOptions.url ?? request.url).slice(API_PREFIX.length)}`,
          requestId: String(request.id),
          outcome,
          httpStatus: reply.statusCode,
          code,
        });
      } catch (err) {
        request.log.error({ err }, 'operator audit record failed');
      }
    };

    // callback hooks: a call that is not an operator's costs no promise
    app.addHook('preSerialization', (request, _reply, payload, done) => {
      if ((request.acting || request.actingRefusal) && isEnvelope(payload))
        request.envelopeOutcome = {
          status: payload.response.status,
          code: payload.response.errors[0]?.code ?? null,
        };
      done(null, payload);
    });

    // before the answer leaves: the client never sees an action the trail does not hold yet
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!isApiUrl(request.url) || (!request.actingRefusal && !(request.acting && changesState(request))))
        return done(null, payload);
      recordOutcome(request, reply).then(() => done(null, payload), done);
    });
  },
  { name: 'operators-audit', dependencies: ['session', 'access'] },
);
