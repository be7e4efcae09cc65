import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { htmlTemplates } from '../../lib/html';
import { ACCESS } from '../../plugins/access';
import { DEMO_SAML_COMPANY, DEMO_SAML_IDP_KEY } from './demo-saml-key';
import { readAuthnRequest, samlResponseField } from './saml-response';

/** The demo company's employees (README, "Demo accounts"). */
export const DEMO_EMPLOYEES = [
  { nameId: 'chiara.galli@sede.spesa.demo', firstName: 'Chiara', lastName: 'Galli', roles: ['acquisti'] },
  {
    nameId: 'paolo.conti@sede.spesa.demo',
    firstName: 'Paolo',
    lastName: 'Conti',
    roles: ['dipendente', 'responsabile'],
  },
] as const;

const render = htmlTemplates(new URL('./templates/', import.meta.url));

const requestSchema = z.object({
  SAMLRequest: z.string().min(1).max(20_000),
  RelayState: z.string().max(500).optional().default(''),
  employee: z.string().max(200).optional(),
});

export interface DemoSamlIdpOptions {
  /** the shop's entity id and assertion consumer service */
  entityId: string;
  acsUrl: string;
  companyName: string;
}

/**
 * The demo company's identity provider (development only, never in production; decision 054): a page to
 * pick an employee, then a signed SAML answer posted back to the shop by a button. It signs with the demo
 * key of the repository (demo-saml-key.ts).
 */
const demoSamlIdpRoutes: FastifyPluginAsync<DemoSamlIdpOptions> = async (app, opts) => {
  const page = (reply: FastifyReply, data: object) =>
    reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        render('demo-saml-idp', {
          companyName: opts.companyName,
          ssoPath: DEMO_SAML_COMPANY.ssoPath,
          employees: DEMO_EMPLOYEES,
          samlResponse: '',
          ...data,
        }),
      );

  app.route({
    method: ['GET', 'POST'],
    url: DEMO_SAML_COMPANY.ssoPath,
    config: { access: ACCESS.public('the development demo identity provider of the demo company') },
    handler: async (request, reply) => {
      const parsed = requestSchema.safeParse(request.method === 'GET' ? request.query : request.body);
      const authn = parsed.success ? readAuthnRequest(parsed.data.SAMLRequest) : null;
      if (!parsed.success || !authn || authn.acsUrl !== opts.acsUrl)
        return reply.code(400).type('text/plain; charset=utf-8').send('Richiesta SAML non valida.');
      const { SAMLRequest, RelayState, employee } = parsed.data;
      const who = DEMO_EMPLOYEES.find((e) => e.nameId === employee);
      if (request.method === 'GET' || !who)
        return page(reply, { samlRequest: SAMLRequest, relayState: RelayState });
      return page(reply, {
        nameId: who.nameId,
        acsUrl: opts.acsUrl,
        relayState: RelayState,
        samlResponse: samlResponseField({
          issuer: DEMO_SAML_COMPANY.entityId,
          audience: opts.entityId,
          recipient: opts.acsUrl,
          inResponseTo: authn.id,
          nameId: who.nameId,
          attributes: {
            email: who.nameId,
            firstName: who.firstName,
            lastName: who.lastName,
            roles: [...who.roles],
          },
          privateKey: DEMO_SAML_IDP_KEY,
        }),
      });
    },
  });
};

export default demoSamlIdpRoutes;
