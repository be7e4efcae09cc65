import {
  INTEGRATION_SCOPES,
  tokenErrorSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  type IntegrationScope,
  type TokenError,
} from '@spesa/shared/contracts/integration';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS } from '../../plugins/access';
import type { IntegrationAudit } from './integration-audit';
import type { IntegrationCaller, IntegrationClients } from './integration-clients';
import { TOKEN_TEXT } from './integration.messages';

/**
 * The OAuth 2.0 token endpoint of the client credentials grant (RFC 6749 §4.4, decision 096):
 * `POST /ebsn/api/integration/oauth/token`, form-encoded, the client authenticated by HTTP Basic
 * (client_secret_basic) or by client_id and client_secret in the body (client_secret_post), never both.
 * It answers RFC 6749 §5.1 / §5.2 shapes (not the shop's envelope), with `Cache-Control: no-store`.
 * Wrong credentials count per client address and per client id on the shop's shared throttle.
 */
export const TOKEN_PATH = '/integration/oauth/token';
const MAX_FAILURES = 20;

export interface TokenRouteOptions {
  clients: IntegrationClients;
  audit: IntegrationAudit;
  /** calls per client and minute (the same counter as its API calls) */
  allowCall: (clientId: number) => Promise<boolean>;
}

/** The credentials of a Basic header (`client_id:client_secret`, each form-urlencoded: RFC 6749 §2.3.1). */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null | 'bad' {
  if (!header) return null;
  const [kind, value] = header.split(' ');
  if (kind?.toLowerCase() !== 'basic') return null;
  const decoded = Buffer.from(value ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return 'bad';
  try {
    const unform = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    return { id: unform(decoded.slice(0, colon)), secret: unform(decoded.slice(colon + 1)) };
  } catch {
    return 'bad';
  }
}

const isScope = (s: string): s is IntegrationScope => (INTEGRATION_SCOPES as readonly string[]).includes(s);

const tokenRoutes: FastifyPluginAsyncZod<TokenRouteOptions> = async (app, { clients, audit, allowCall }) => {
  const failures = app.failureThrottle('integration-token', MAX_FAILURES);

  const refuse = (reply: FastifyReply, status: 400 | 401 | 429, error: TokenError['error'], text: string) => {
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    if (status === 401) reply.header('www-authenticate', 'Basic realm="spesa-integration"');
    return reply.code(status).send({ error, error_description: text });
  };

  const credentialsOf = (request: FastifyRequest, body: { client_id?: string; client_secret?: string }) => {
    const basic = basicCredentials(request.headers.authorization);
    const posted = body.client_id !== undefined || body.client_secret !== undefined;
    if (basic && posted) return 'two' as const;
    if (basic === 'bad') return 'bad' as const;
    if (basic) return basic;
    if (body.client_id && body.client_secret) return { id: body.client_id, secret: body.client_secret };
    return 'bad' as const;
  };

  app.route({
    method: 'POST',
    url: TOKEN_PATH,
    attachValidation: true,
    config: {
      access: ACCESS.public(
        'the OAuth 2.0 token endpoint: the client authenticates in the call itself (RFC 6749 §4.4)',
      ),
    },
    schema: {
      tags: ['integration'],
      summary: 'An access token for a registered system (OAuth 2.0 client credentials)',
      description:
        'application/x-www-form-urlencoded: grant_type=client_credentials, optional scope (space separated: stock prices products orders), the client authenticated by HTTP Basic or client_id/client_secret in the body.',
      consumes: ['application/x-www-form-urlencoded'],
      body: tokenRequestSchema,
      response: {
        200: tokenResponseSchema,
        400: tokenErrorSchema,
        401: tokenErrorSchema,
        429: tokenErrorSchema,
      },
    },
    handler: async (request, reply) => {
      const form = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
      const body = request.validationError || !form ? null : request.body;
      if (!body) return refuse(reply, 400, 'invalid_request', TOKEN_TEXT.badRequest);
      const credentials = credentialsOf(request, body);
      if (credentials === 'two') return refuse(reply, 400, 'invalid_request', TOKEN_TEXT.twoMethods);
      if (body.grant_type !== 'client_credentials')
        return refuse(reply, 400, 'unsupported_grant_type', TOKEN_TEXT.badGrant);
      if (credentials === 'bad') return refuse(reply, 401, 'invalid_client', TOKEN_TEXT.badClient);
      if (await failures.blocked(request, credentials.id))
        return refuse(reply, 429, 'invalid_client', TOKEN_TEXT.tooMany);
      const caller = await clients.authenticate(credentials.id, credentials.secret);
      if (!caller) {
        await failures.failed(request, credentials.id);
        await audit.record({ route: TOKEN_PATH, clientId: null, status: 401, outcome: 'invalid_client' });
        return refuse(reply, 401, 'invalid_client', TOKEN_TEXT.badClient);
      }
      if (!(await allowCall(caller.clientId)))
        return refuse(reply, 429, 'invalid_client', TOKEN_TEXT.tooMany);
      const granted = grantedScopes(caller, body.scope);
      if (typeof granted === 'string') {
        await audit.record({
          route: TOKEN_PATH,
          clientId: caller.clientId,
          status: 400,
          outcome: 'invalid_scope',
        });
        return refuse(reply, 400, 'invalid_scope', `${TOKEN_TEXT.badScope}${granted}.`);
      }
      const { token, expiresIn } = await clients.issueToken(caller, granted);
      await audit.record({ route: TOKEN_PATH, clientId: caller.clientId, status: 200, outcome: 'token' });
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return {
        access_token: token,
        token_type: 'Bearer' as const,
        expires_in: expiresIn,
        scope: granted.join(' '),
      };
    },
  });
};

/** The scopes asked (all the client's when none), or the first one it was not granted. */
function grantedScopes(caller: IntegrationCaller, asked: string | undefined): IntegrationScope[] | string {
  const wanted = (asked ?? '').split(' ').filter((s) => s !== '');
  if (wanted.length === 0) return caller.scopes;
  for (const s of wanted) if (!isScope(s) || !caller.scopes.includes(s)) return s.slice(0, 40);
  return [...new Set(wanted as IntegrationScope[])];
}

export default tokenRoutes;
