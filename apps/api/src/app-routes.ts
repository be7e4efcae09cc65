import type { FastifyInstance } from 'fastify';
import type { BuildAppOptions } from './app-options';
import type { Modules } from './app-modules';
import { isDemoShop } from './env';
import adminApp, { staffRedirect } from './plugins/admin-app';
import { API_PREFIX, apiNotFoundHandler } from './plugins/errors';
import webApp from './plugins/web-app';
import { wpNoRouteScope } from './plugins/wp-rest';

/** The modules' routes in the order the OpenAPI document lists them: the API's, then those at the root. */
export async function registerRoutes(
  app: FastifyInstance,
  m: Modules,
  { env, serveWebApp }: BuildAppOptions,
) {
  await app.register(
    async (api) => {
      api.setNotFoundHandler(apiNotFoundHandler);
      for (const routes of [
        ...[m.catalogue.routes, m.leaflets.routes, m.content.routes, m.system.routes, m.account.routes],
        ...[m.identity.routes, m.delivery.routes, m.cart.routes, m.checkout.routes, m.payment.routes],
        ...[
          m.orders.routes,
          m.notifications.routes,
          m.lists.routes,
          m.orders.actionRoutes,
          m.orders.adminRoutes,
        ],
        ...[m.ratings.routes, m.loyalty.routes, m.operators.routes, m.receipts.routes, m.smartcart.routes],
        ...[m.receipts.adminRoutes, m.content.adminRoutes, m.forms.adminRoutes, m.loyalty.adminRoutes],
        m.catalogue.adminRoutes,
        ...[m.invoices.routes, m.invoices.adminRoutes],
        m.mail.adminRoutes,
        m.backoffice.routes,
        ...[m.integration.routes, m.integration.adminRoutes],
      ])
        await routes(api);
    },
    { prefix: API_PREFIX },
  );
  for (const routes of [
    ...[m.system.rootRoutes, m.leaflets.rootRoutes, m.content.rootRoutes, m.forms.rootRoutes],
    ...[m.media.rootRoutes, m.mail.rootRoutes, m.identity.rootRoutes, m.invoices.rootRoutes],
  ])
    await routes(app);
  // a path under /p/wp-json that no route serves answers WordPress's rest_no_route
  await app.register(wpNoRouteScope, { prefix: '/p/wp-json' });
  await app.register(staffRedirect);
  if (serveWebApp) {
    const demoShop = isDemoShop(env);
    await app.register(adminApp, { dist: env.ADMIN_DIST, demoShop });
    await app.register(webApp, {
      dist: env.WEB_DIST,
      demoShop,
      firstViews: [m.catalogue.firstView, m.content.firstView, ...m.leaflets.firstViews],
    });
  } else
    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).type('text/plain; charset=utf-8').send('Not found'),
    );
}
