// @ts-check
/**
 * One owner per table (decision 029): only the module that owns a table writes it (INSERT, UPDATE, DELETE,
 * in SQL text or through drizzle's insert/update/delete). Another module that needs a change asks the
 * owner's service, inside the caller's transaction when it must be atomic (`tx` parameters). Reads may
 * join any table. lib/ and plugins/ own the shared infrastructure tables (jobs, secrets, throttles).
 * `apps/api/test/table-owners.test.ts` checks that every table of the schema has an owner here.
 */
export const TABLE_OWNERS = {
  account: [
    'users',
    'person_infos',
    'sessions',
    'user_tokens',
    'person_fiscals',
    'registration_disclaimers',
    'user_disclaimers',
    'loyalty_cards',
    'bot_check_spent',
  ],
  backoffice: ['staff_members', 'staff_sessions', 'admin_audit', 'customer_notes'],
  cart: ['carts', 'cart_items', 'cart_infos'],
  catalogue: [
    'categories',
    'products',
    'product_promos',
    'price_history',
    'product_images',
    'product_delistings',
    'vendors',
    'search_terms',
    'catalogue_version',
    'catalogue_imports',
    'catalogue_import_rows',
    'product_stock',
    'price_lists',
    'price_list_stores',
    'price_list_prices',
  ],
  checkout: ['cart_checkouts', 'packaging_types'],
  content: [
    'category_blocks',
    'proposals',
    'content_pages',
    'content_menu_items',
    'ad_slots',
    'content_posts',
    'content_ux_blocks',
    'content_slides',
    'content_version',
  ],
  delivery: [
    'delivery_services',
    'provinces',
    'comuni',
    'comune_caps',
    'warehouses',
    'warehouse_services',
    'delivery_zones',
    'delivery_zone_caps',
    'addresses',
    'work_sites',
    'work_subscriptions',
    'timeslots',
    'delivery_slots',
  ],
  identity: [
    'federated_identities',
    'federated_logins',
    'company_identity_providers',
    'saml_seen_assertions',
    'demo_idp_records',
  ],
  leaflets: ['leaflets', 'leaflet_products', 'leaflet_warehouses'],
  lists: ['wishlists', 'wishlist_items', 'wishlist_shares'],
  operators: ['operator_actions'],
  invoices: ['invoice_sequences', 'invoice_documents'],
  integration: [
    'integration_clients',
    'integration_tokens',
    'integration_batches',
    'integration_calls',
    'integration_order_events',
    'integration_deliveries',
  ],
  receipts: ['receipt_till_systems', 'receipts', 'receipt_lines', 'receipt_settings', 'taxfree_refunds'],
  smartcart: ['smart_cart_stores', 'smart_cart_sessions', 'smart_cart_lines', 'smart_cart_scans'],
  loyalty: [
    'wallet_movements',
    'premium_requests',
    'premium_exclusions',
    'premium_free_deliveries',
    'gift_certificates',
    'cart_gift_certificates',
    'gift_certificate_uses',
    'promovar_refreshes',
    'gift_card_orders',
    'premium_products',
    'invite_codes',
    'invite_referrals',
  ],
  mail: ['mail_outbox', 'mail_attachments'],
  forms: ['form_definitions', 'form_nonces', 'form_submissions', 'form_uploads'],
  notifications: ['notifications', 'push_devices'],
  media: [],
  orders: [
    'orders',
    'order_items',
    'order_status_history',
    'order_notes',
    'payment_authorizations',
    'payment_events',
    'parking_reservations',
  ],
  payment: ['sandbox_payments', 'payment_disputes', 'payment_refunds'],
  ratings: ['product_votes', 'product_rating_summaries'],
  system: [],
  // lib/ and plugins/: the infrastructure every module uses
  infrastructure: [
    'app_secrets',
    'throttle_counters',
    'scheduled_jobs',
    'stored_files',
    'stored_file_chunks',
  ],
};

/** table name -> owning module */
const OWNER = new Map(
  Object.entries(TABLE_OWNERS).flatMap(([module, tables]) => tables.map((t) => [t, module])),
);
/** drizzle's variable name of a table (cart_items -> cartItems) -> table name */
const BY_VARIABLE = new Map(
  [...OWNER.keys()].map((t) => [t.replace(/_([a-z])/g, (_m, c) => c.toUpperCase()), t]),
);
const WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+([a-z_][a-z0-9_]*)/gi;

/** @type {import('eslint').Rule.RuleModule} */
export const tableOwnerRule = {
  meta: {
    type: 'problem',
    docs: { description: 'a module writes only the tables it owns (scripts/lint/table-owners.mjs)' },
    schema: [],
  },
  create(context) {
    const module = /apps\/api\/src\/modules\/([^/]+)\//.exec(context.filename.replaceAll('\\', '/'))?.[1];
    if (!module) return {};
    /** @param {import('estree').Node} node @param {string} table */
    const check = (node, table) => {
      const owner = OWNER.get(table);
      if (owner && owner !== module)
        context.report({
          node,
          message: `${module} writes ${table}, which ${owner} owns: ask ${owner}'s service (with the transaction) instead`,
        });
    };
    /** @param {import('estree').Node} node @param {string} text */
    const scan = (node, text) => {
      for (const m of text.matchAll(WRITE)) check(node, (m[1] ?? '').toLowerCase());
    };
    return {
      TemplateElement(node) {
        scan(node, node.value.raw);
      },
      Literal(node) {
        if (typeof node.value === 'string') scan(node, node.value);
      },
      CallExpression(node) {
        const callee = node.callee;
        const arg = node.arguments[0];
        if (
          callee.type === 'MemberExpression' &&
          callee.property.type === 'Identifier' &&
          ['insert', 'update', 'delete'].includes(callee.property.name) &&
          arg?.type === 'Identifier'
        ) {
          const table = BY_VARIABLE.get(arg.name);
          if (table) check(node, table);
        }
      },
    };
  },
};
