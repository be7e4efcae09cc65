import type { AdminIntegrationClient } from '@spesa/shared/contracts/admin-integration';
import type { IntegrationScope, WebhookEventType } from '@spesa/shared/contracts/integration';
import type { Db } from '../../db/client';
import type { AuditPort } from '../../lib/module';
import { ok, type Result } from '../../lib/result';
import type { IntegrationClients } from './integration-clients';
import { checkWebhookUrl, type WebhookTargetPolicy } from './webhook-target';

interface Staff {
  userId: number;
  name: string;
}

/** the audit log's resource */
const CLIENTS = 'integration-clients';

/** What the audit log keeps of a client: who it is and what it may do, never a secret. */
const audited = (c: AdminIntegrationClient | null) =>
  c && {
    clientId: c.clientId,
    name: c.name,
    scopes: c.scopes,
    revokedAt: c.revokedAt,
    webhookUrl: c.webhookUrl,
    webhookEvents: c.webhookEvents,
  };

/**
 * "Integrazioni" in the back office (decisions 096, 099): a client registered, revoked, its webhook set, each
 * in one transaction with its record in the back office's audit log (who, when, which client and scopes;
 * never the secret nor the signing key), and a webhook URL checked against requests to internal addresses.
 */
export class IntegrationAdmin {
  constructor(
    private readonly db: Db,
    private readonly clients: IntegrationClients,
    private readonly audit: AuditPort,
    private readonly policy: WebhookTargetPolicy,
  ) {}

  async create(staff: Staff, input: { name: string; scopes: IntegrationScope[] }) {
    return this.db.transaction(async (tx) => {
      const made = await this.clients.create(input, staff.userId, tx);
      await this.audit(
        {
          staff,
          action: 'create',
          resource: CLIENTS,
          id: made.client.id,
          before: null,
          after: audited(made.client),
        },
        tx,
      );
      return ok(made);
    });
  }

  async revoke(staff: Staff, id: number): Promise<Result<{ client: AdminIntegrationClient }>> {
    return this.db.transaction(async (tx) => {
      const before = await this.clients.one(id, tx);
      const done = await this.clients.revoke(id, tx);
      if (!done.ok) return done;
      await this.audit(
        {
          staff,
          action: 'revoke',
          resource: CLIENTS,
          id,
          before: audited(before),
          after: audited(done.data.client),
        },
        tx,
      );
      return done;
    });
  }

  /** Sets (or clears, with an empty URL) a client's webhook; a URL to an internal address is refused. */
  async setWebhook(staff: Staff, id: number, input: { url: string; events: WebhookEventType[] }) {
    if (input.url !== '') {
      const target = checkWebhookUrl(input.url, this.policy);
      if (!target.ok) return { ...target, field: 'url' };
    }
    return this.db.transaction(async (tx) => {
      const before = await this.clients.one(id, tx);
      const done = await this.clients.setWebhook(id, input, tx);
      if (!done.ok) return done;
      await this.audit(
        {
          staff,
          action: 'webhook',
          resource: CLIENTS,
          id,
          before: audited(before),
          after: audited(done.data.client),
        },
        tx,
      );
      return done;
    });
  }
}
