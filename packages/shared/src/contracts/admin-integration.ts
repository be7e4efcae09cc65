import { z } from 'zod';
import { adminIdParamsSchema, type StaffRole } from './admin';
import { endpoint } from './endpoint';
import { INTEGRATION_SCOPES, WEBHOOK_EVENT_TYPES } from './integration';

/**
 * The integration clients in the back office (decision 096): an administrator registers a chain's system with
 * its scopes (the secret is shown once), revokes it, sets its webhook, and retries the dead deliveries.
 */
export const INTEGRATION_GRANTS = {
  read: ['administrator'] as StaffRole[],
  write: ['administrator'] as StaffRole[],
};

export const adminIntegrationClientSchema = z.object({
  id: z.number().int(),
  /** the client_id the system sends */
  clientId: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(INTEGRATION_SCOPES)),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  webhookUrl: z.string().nullable(),
  webhookEvents: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
});
export type AdminIntegrationClient = z.infer<typeof adminIntegrationClientSchema>;

export const adminIntegrationCreateBodySchema = z.object({
  name: z.string().trim().min(1, 'Scrivi il nome del sistema.').max(80),
  scopes: z
    .array(z.enum(INTEGRATION_SCOPES))
    .min(1, 'Scegli almeno un permesso.')
    .max(INTEGRATION_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, 'Un permesso è ripetuto.'),
});

export const adminWebhookBodySchema = z.object({
  /** empty: no webhook */
  url: z
    .string()
    .trim()
    .max(500)
    .refine((u) => u === '' || /^https?:\/\/[^\s]+$/.test(u), "L'indirizzo deve iniziare con https://."),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).max(WEBHOOK_EVENT_TYPES.length),
});

export const adminDeliverySchema = z.object({
  id: z.number().int(),
  clientName: z.string(),
  eventType: z.string(),
  eventSeq: z.number().int(),
  state: z.enum(['pending', 'delivered', 'dead']),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminDelivery = z.infer<typeof adminDeliverySchema>;

export const adminIntegrationEndpoints = {
  clients: endpoint({
    method: 'GET',
    path: '/admin/integration/clients',
    response: z.object({ clients: z.array(adminIntegrationClientSchema) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/integration/clients/create',
    body: adminIntegrationCreateBodySchema,
    /** the secret is answered here only: it is stored hashed */
    response: z.object({ client: adminIntegrationClientSchema, clientSecret: z.string() }),
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/admin/integration/clients/:id/revoke',
    params: adminIdParamsSchema,
    response: z.object({ client: adminIntegrationClientSchema }),
  }),
  webhook: endpoint({
    method: 'POST',
    path: '/admin/integration/clients/:id/webhook',
    params: adminIdParamsSchema,
    body: adminWebhookBodySchema,
    /** the signing secret, the first time a webhook is set (null afterwards) */
    response: z.object({ client: adminIntegrationClientSchema, signingSecret: z.string().nullable() }),
  }),
  deliveries: endpoint({
    method: 'GET',
    path: '/admin/integration/deliveries',
    query: z.object({ state: z.enum(['pending', 'delivered', 'dead']).default('dead') }),
    response: z.object({ deliveries: z.array(adminDeliverySchema) }),
  }),
  retry: endpoint({
    method: 'POST',
    path: '/admin/integration/deliveries/:id/retry',
    params: adminIdParamsSchema,
    response: z.object({ delivery: adminDeliverySchema }),
  }),
};
