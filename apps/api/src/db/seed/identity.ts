import { sql } from 'drizzle-orm';
import { DEMO_SAML_COMPANY, DEMO_SAML_IDP_CERT } from '../../modules/identity/demo-saml-key';
import type { Db } from './db';

/**
 * The demo company's identity provider (decision 054), with the demo accounts only: the chain's head office
 * (work site SEDE-MILANO) signs its employees in through the development demo IdP, which signs with the
 * demo key. Production refuses this entity id whatever the database holds.
 */
export async function ensureCompanyIdentityProviders(opts: { demoAccounts: boolean }, db: Db): Promise<void> {
  if (!opts.demoAccounts) return;
  await db.execute(
    sql`INSERT INTO company_identity_providers (work_site_id, slug, entity_id, sso_url, certificate, roles_attribute)
        SELECT work_site_id, ${DEMO_SAML_COMPANY.slug}, ${DEMO_SAML_COMPANY.entityId}, ${DEMO_SAML_COMPANY.ssoPath},
          ${DEMO_SAML_IDP_CERT}, 'roles'
        FROM work_sites WHERE upper(subscription_code) = ${DEMO_SAML_COMPANY.subscriptionCode}
        ON CONFLICT DO NOTHING`,
  );
}
