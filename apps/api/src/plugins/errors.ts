import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ANONYMOUS_USER, ENVELOPE_STATUS, GENERIC_ERROR_TEXT } from '@spesa/shared/contracts/envelope';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { errorEnvelope, rootUserOf } from './envelope';
import { wpError } from './wp-rest';

/**
 * One error policy for the whole app.
 * - Request validation (zod contracts): HTTP 400 + envelope, status 2, one Italian message per parameter
 *   ("Il parametro page non è valido."). The client always gets the envelope.
 * - Other client errors Fastify raises (bad JSON, body too large, wrong media type): their 4xx + envelope.
 * - Anything else is a bug: logged with its stack, HTTP 500 with the generic Italian text, no internals.
 * - Requests refused before routing (frameworkErrorHandler: a path parameter over the router's limit, a
 *   path that is not valid percent-encoding) and before Fastify sees them (clientErrorHandler: headers or
 *   URL over Node's limit, a malformed request): their 4xx + envelope.
 * Paths outside /ebsn/api answer plain text (static files, icons).
 */
export const API_PREFIX = '/ebsn/api';
export const NOT_FOUND_TEXT = 'Risorsa non trovata.';
export const BAD_REQUEST_TEXT = 'La richiesta non è valida.';
export const TOO_LARGE_TEXT = 'Richiesta troppo grande.';
export const URI_TOO_LONG_TEXT = 'Indirizzo troppo lungo.';
export const TIMEOUT_TEXT = 'La richiesta ha impiegato troppo tempo: riprova.';

/** The content system's calls at the spec's paths (spec section 7): envelope answers and sessions like /ebsn/api. */
export const CONTENT_API_PREFIXES = ['/p/wp-json/', '/p/wp-admin/'] as const;

/** An URL answered with the envelope, where the session is read. */
export const isApiUrl = (url: string): boolean =>
  url === API_PREFIX ||
  url.startsWith(`${API_PREFIX}/`) ||
  url.startsWith(`${API_PREFIX}?`) ||
  CONTENT_API_PREFIXES.some((p) => url.startsWith(p));

const isApiRequest = (request: FastifyRequest): boolean => isApiUrl(request.url);

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  /** fastify-type-provider-zod's copy of the zod issue: a custom issue's own `params` inside */
  params?: { params?: { ownText?: boolean } };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's contract carries the Italian form messages (packages/shared validation rules): answer
     * them field by field instead of "Il parametro X non è valido."
     */
    fieldMessages?: boolean;
  }
}

/** A throttled call (HTTP 429): its own text and code, so a client can tell it from bad input. */
export const TOO_MANY_TEXT = 'Troppi tentativi: riprova tra qualche minuto.';
export const TOO_MANY_CODE = 'msg.request.tooMany';

/** The answer of a call that met the database out of reach (HTTP 503, `isDatabaseUnreachable`). */
export const UNAVAILABLE_TEXT =
  'Il servizio non è raggiungibile in questo momento: riprova tra qualche secondo.';

/** Seconds a client is asked to wait (`Retry-After`) when the database cannot be reached. */
const UNAVAILABLE_RETRY_AFTER_S = 5;

/**
 * The database is out of reach, not a bug: the connection refused or cut (the primary stopped, a failover
 * under way), PostgreSQL shutting down or starting (57P01-57P03), a connection exception (class 08), or a
 * write sent to a standby not yet promoted (25006). Such an answer is a 503 with Retry-After, and the call
 * can be sent again: a transaction cut before its commit changed nothing, and a buy sent again with its
 * idempotency key answers the order if the commit did go through. Drizzle wraps the driver's error in its
 * own, so the chain of causes is walked. (A connection to another service refused or cut the same way, which
 * its module did not answer itself, is transient too and answered alike.)
 */
const UNREACHABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const UNREACHABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '25006']);
const UNREACHABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
];
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (UNREACHABLE_NODE_CODES.has(code) || UNREACHABLE_SQLSTATES.has(code) || code.startsWith('08'))
    )
      return true;
    if (UNREACHABLE_MESSAGES.some((re) => re.test(e instanceof Error ? e.message : ''))) return true;
  }
  return false;
}

export const REQUIRED_TEXT = 'Campo obbligatorio.';
export const INVALID_VALUE_TEXT = 'Valore non valido.';

/**
 * The form routes answer each issue's own message. The contracts give Italian texts for the rules a
 * customer can break; what they leave to zod (a wrong type, an unknown option: a broken client) would
 * come out in English, so zod's fallback messages are Italian too: missing -> "Campo obbligatorio.",
 * anything else -> "Valore non valido.". A schema's own message always wins over this fallback.
 */
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? REQUIRED_TEXT : INVALID_VALUE_TEXT,
});
export const FORBIDDEN_TEXT = 'Richiesta non consentita.';

/** One message per field ("person.fiscalCode"), the contract's own Italian text. */
export function fieldMessages(issues: readonly ValidationIssue[]): Array<{ text: string; field: string }> {
  const seen = new Map<string, string>();
  for (const issue of issues) {
    const field = (issue.instancePath ?? '').split('/').filter(Boolean).join('.');
    if (seen.has(field)) continue;
    seen.set(field, issue.message ?? BAD_REQUEST_TEXT);
  }
  return [...seen].map(([field, text]) => ({ field, text }));
}

/**
 * Italian messages naming the parameter, one per parameter, in the order found. `received` is the raw
 * part of the request that failed (query, params, body): a parameter absent from it is "obbligatorio".
 */
export function validationMessages(issues: readonly ValidationIssue[], received: unknown): string[] {
  const seen = new Map<string, string>();
  const present =
    received !== null && typeof received === 'object' ? (received as Record<string, unknown>) : {};
  for (const issue of issues) {
    const name = (issue.instancePath ?? '').split('/').filter(Boolean)[0];
    if (!name) continue;
    if (seen.has(name)) continue;
    seen.set(
      name,
      issue.params?.params?.ownText && issue.message
        ? issue.message
        : present[name] === undefined
          ? `Il parametro ${name} è obbligatorio.`
          : `Il parametro ${name} non è valido.`,
    );
  }
  return seen.size > 0 ? [...seen.values()] : [BAD_REQUEST_TEXT];
}

const receivedPart = (request: FastifyRequest, context: string | undefined): unknown =>
  context === 'querystring'
    ? request.query
    : context === 'params'
      ? request.params
      : context === 'body'
        ? request.body
        : context === 'headers'
          ? request.headers
          : undefined;

function sendApiError(
  request: FastifyRequest,
  reply: FastifyReply,
  httpStatus: number,
  status: number,
  texts: Array<string | { text: string; field: string }>,
  code: string,
) {
  return reply
    .code(httpStatus)
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => JSON.stringify(payload))
    .send(
      errorEnvelope(
        rootUserOf(request),
        status,
        texts.map((t) => (typeof t === 'string' ? { text: t, code } : { ...t, code })),
      ),
    );
}

/**
 * A failure of a WordPress REST route (wire `wp`) as WordPress answers it: bad parameters are
 * `rest_invalid_param` (400) naming them, with one Italian message per parameter in `data.params`.
 */
function sendWpRouteError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const statusCode = error.statusCode ?? 500;
  const send = (status: number, code: string, message: string, params?: Record<string, string>) =>
    reply
      .code(status)
      .type('application/json; charset=utf-8')
      .serializer((payload: unknown) => JSON.stringify(payload))
      .send(wpError(status, code, message, params));
  if (error.validation) {
    const issues = error.validation as ValidationIssue[];
    const received = receivedPart(request, error.validationContext);
    const params: Record<string, string> = {};
    for (const issue of issues) {
      const name = (issue.instancePath ?? '').split('/').filter(Boolean)[0];
      if (name && !(name in params))
        params[name] = validationMessages([issue], received)[0] ?? BAD_REQUEST_TEXT;
    }
    const names = Object.keys(params);
    request.log.info({ url: request.url, params: names }, 'request validation failed');
    return send(
      400,
      'rest_invalid_param',
      `Parametri non validi: ${names.join(', ') || 'richiesta'}.`,
      params,
    );
  }
  if (statusCode >= 400 && statusCode < 500) {
    request.log.info({ url: request.url, code: error.code }, 'client error');
    const [code, text] =
      statusCode === 404
        ? ['rest_no_route', NOT_FOUND_TEXT]
        : statusCode === 429
          ? ['rest_too_many_requests', TOO_MANY_TEXT]
          : statusCode === 403
            ? ['rest_forbidden', FORBIDDEN_TEXT]
            : ['rest_invalid_request', BAD_REQUEST_TEXT];
    return send(statusCode, code, text);
  }
  request.log.error({ err: error, url: request.url }, 'unhandled error');
  return send(500, 'internal_server_error', GENERIC_ERROR_TEXT);
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const statusCode = error.statusCode ?? 500;
      if (request.routeOptions.config?.wire === 'wp') return sendWpRouteError(error, request, reply);
      if (error.validation && request.routeOptions.config.fieldMessages && isApiRequest(request)) {
        const messages = fieldMessages(error.validation as ValidationIssue[]);
        request.log.info(
          { url: request.routeOptions.url, fields: messages.map((m) => m.field) },
          'form validation failed',
        );
        return sendApiError(
          request,
          reply,
          400,
          ENVELOPE_STATUS.validationError,
          messages,
          'msg.form.invalid',
        );
      }
      if (error.validation) {
        const texts = validationMessages(
          error.validation as ValidationIssue[],
          receivedPart(request, error.validationContext),
        );
        request.log.info({ url: request.url, validation: texts }, 'request validation failed');
        if (!isApiRequest(request))
          return reply.code(400).type('text/plain; charset=utf-8').send(BAD_REQUEST_TEXT);
        return sendApiError(
          request,
          reply,
          400,
          ENVELOPE_STATUS.validationError,
          texts,
          'msg.request.invalidParameter',
        );
      }
      if (statusCode >= 400 && statusCode < 500) {
        request.log.info({ url: request.url, code: error.code }, 'client error');
        const text =
          statusCode === 404
            ? NOT_FOUND_TEXT
            : statusCode === 429
              ? TOO_MANY_TEXT
              : statusCode === 403
                ? FORBIDDEN_TEXT
                : BAD_REQUEST_TEXT;
        if (!isApiRequest(request))
          return reply.code(statusCode).type('text/plain; charset=utf-8').send(text);
        return sendApiError(
          request,
          reply,
          statusCode,
          ENVELOPE_STATUS.businessError,
          [text],
          statusCode === 429 ? TOO_MANY_CODE : 'msg.request.invalid',
        );
      }
      if (isDatabaseUnreachable(error)) {
        request.log.warn({ err: error, url: request.url }, 'database (or a service) out of reach');
        void reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
        if (!isApiRequest(request))
          return reply.code(503).type('text/plain; charset=utf-8').send(UNAVAILABLE_TEXT);
        return sendApiError(
          request,
          reply,
          503,
          ENVELOPE_STATUS.internalError,
          [UNAVAILABLE_TEXT],
          'msg.serviceUnavailable',
        );
      }
      request.log.error({ err: error, url: request.url }, 'unhandled error');
      if (!isApiRequest(request))
        return reply.code(500).type('text/plain; charset=utf-8').send(GENERIC_ERROR_TEXT);
      return sendApiError(
        request,
        reply,
        500,
        ENVELOPE_STATUS.internalError,
        [GENERIC_ERROR_TEXT],
        'msg.internalError',
      );
    });
  },
  { name: 'errors', dependencies: ['envelope'] },
);

/** The 404 of the API prefix: an envelope, never Fastify's default JSON. */
export function apiNotFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  return sendApiError(request, reply, 404, ENVELOPE_STATUS.notFound, [NOT_FOUND_TEXT], 'msg.notFound');
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route runs (a path parameter longer than
 * maxParamLength: 414; a path that is not valid percent-encoding: 400).
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const statusCode = error.statusCode ?? 500;
  const [text, code, status] =
    statusCode === 414
      ? [URI_TOO_LONG_TEXT, 'msg.request.uriTooLong', ENVELOPE_STATUS.businessError]
      : statusCode < 500
        ? [BAD_REQUEST_TEXT, 'msg.request.invalid', ENVELOPE_STATUS.businessError]
        : [GENERIC_ERROR_TEXT, 'msg.internalError', ENVELOPE_STATUS.internalError];
  request.log.info({ code: error.code }, 'request refused by the router');
  if (!isApiRequest(request)) return reply.code(statusCode).type('text/plain; charset=utf-8').send(text);
  return sendApiError(request, reply, statusCode, status, [text], code);
}

/** How long a refused connection may go on sending before it is cut (its client reads the answer meanwhile). */
const REFUSED_CONNECTION_LINGER_MS = 2000;

/**
 * The request line was still being read when Node's header limit was crossed: the URL itself is too long.
 * `rawPacket` is the chunk being parsed and `bytesParsed` how far into it the parser got.
 */
function overflowInRequestLine(error: ConnectionError): boolean {
  const chunk: unknown = error.rawPacket;
  if (!Buffer.isBuffer(chunk)) return false;
  return /^[A-Z]+ \S*$/.test(chunk.subarray(0, error.bytesParsed).toString('latin1'));
}

function clientErrorAnswer(error: ConnectionError): { statusCode: number; text: string; code: string } {
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return overflowInRequestLine(error)
      ? { statusCode: 414, text: URI_TOO_LONG_TEXT, code: 'msg.request.uriTooLong' }
      : { statusCode: 431, text: TOO_LARGE_TEXT, code: 'msg.request.tooLarge' };
  if (error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW')
    return { statusCode: 413, text: TOO_LARGE_TEXT, code: 'msg.request.tooLarge' };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { statusCode: 408, text: TIMEOUT_TEXT, code: 'msg.request.timeout' };
  return { statusCode: 400, text: BAD_REQUEST_TEXT, code: 'msg.request.invalid' };
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses before Fastify sees it (headers or
 * URL over the header limit, a malformed request, a timeout). No request exists yet, so the answer is
 * written on the socket: the envelope with the anonymous user, then the connection is closed. The rest of
 * what the client still sends is read and dropped for a moment, so that it can read the answer.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // a later chunk of a request already answered: the connection is closing
  if (socket.writableEnded) return;
  // an answer already under way on this connection cannot be followed by another status line
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent: boolean } | null })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const { statusCode, text, code } = clientErrorAnswer(error);
  const body = JSON.stringify(errorEnvelope(ANONYMOUS_USER, ENVELOPE_STATUS.businessError, [{ text, code }]));
  socket.end(
    `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode] ?? ''}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'X-Content-Type-Options: nosniff\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
  const linger = setTimeout(() => socket.destroy(), REFUSED_CONNECTION_LINGER_MS);
  linger.unref();
  socket.once('close', () => clearTimeout(linger));
}
