import { listsEndpoints as api, type WishlistView } from '@spesa/shared/contracts/lists';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Result } from '../../lib/result';
import { ACCESS, userIdOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer, answerPartial, answerWithData } from '../../plugins/envelope';
import { LISTS_LIMITS } from './lists.messages';
import type { ListItemsOutcome, ListsService } from './lists.service';

const tags = ['lists'];

/**
 * Shopping lists (spec section 7 "Wishlists", decision 035): the customer's lists and those shared with them,
 * their products, sharing, and the whole list into the cart. Thin: the service holds the rules; every call
 * is scoped by the signed-in customer.
 */
const listsRoutes: FastifyPluginAsyncZod<{ lists: ListsService }> = async (app, { lists }) => {
  const customer = ACCESS.customer;
  // sharing tells whether an e-mail has an account: throttled per customer and per address, like gift codes
  const shareThrottle = app.authThrottle(
    'list-share',
    (req) => (req.session ? { userId: req.session.userId } : null),
    { maxPerAccount: LISTS_LIMITS.sharesPerWindow, maxPerAddress: LISTS_LIMITS.sharesPerWindowPerAddress },
  );
  // list names and e-mails answer the contract's Italian words, field by field
  const form = { fieldMessages: true } as const;
  /** item changes answer the whole list, with every refusal in errors (then nothing was changed) */
  const items = (request: FastifyRequest, r: Result<ListItemsOutcome>) => {
    if (!r.ok) return answer<WishlistView>(request, r);
    return answerWithData(request, r.data.list, r.data.failures, r.data.infos);
  };

  app.route({
    ...contractRoute(api.list, {
      access: customer,
      tags,
      summary: "The customer's lists and the lists shared with them (default first), with paging",
    }),
    handler: async (request) => answer(request, await lists.list(userIdOf(request), request.query)),
  });

  app.route({
    ...contractRoute(api.view, {
      access: customer,
      tags,
      summary: 'One list with its products, and apart those no longer sold by the store of the cart',
    }),
    handler: async (request) =>
      answer(
        request,
        await lists.view(userIdOf(request), request.query.list_id, request.query.calculate_stock ?? false),
      ),
  });

  app.route({
    ...contractRoute(api.insert, {
      access: customer,
      config: form,
      tags,
      summary: "Creates a list (the customer's first list is the default)",
    }),
    handler: async (request) => answer(request, await lists.insert(userIdOf(request), request.body.name)),
  });

  app.route({
    ...contractRoute(api.update, { access: customer, config: form, tags, summary: 'Renames a list (owner)' }),
    handler: async (request) =>
      answer(request, await lists.rename(userIdOf(request), request.body.list_id, request.body.name)),
  });

  app.route({
    ...contractRoute(api.remove, {
      access: customer,
      tags,
      summary: 'Deletes a list with its products and shares (owner)',
    }),
    handler: async (request) => answer(request, await lists.remove(userIdOf(request), request.body.list_id)),
  });

  app.route({
    ...contractRoute(api.select, {
      access: customer,
      tags,
      summary: "Makes a list the customer's default (one per customer)",
    }),
    handler: async (request) => answer(request, await lists.select(userIdOf(request), request.body.list_id)),
  });

  app.route({
    ...contractRoute(api.confirm, {
      access: customer,
      tags,
      summary: "Confirms a list as the usual basket of one of the customer's addresses",
    }),
    handler: async (request) =>
      answer(request, await lists.confirm(userIdOf(request), request.body.list_id, request.body.address_id)),
  });

  app.route({
    ...contractRoute(api.share, {
      access: customer,
      config: form,
      tags,
      summary: 'Shares a list with another customer by e-mail: READ (view, to cart) or WRITE (also products)',
    }),
    preHandler: shareThrottle,
    handler: async (request) =>
      answer(
        request,
        await lists.share(userIdOf(request), request.body.list_id, request.body.email, request.body.grant),
      ),
  });

  app.route({
    ...contractRoute(api.unshare, {
      access: customer,
      tags,
      summary: "The owner revokes a customer's access to a list (a grantee may leave it)",
    }),
    handler: async (request) =>
      answer(request, await lists.unshare(userIdOf(request), request.body.list_id, request.body.user_id)),
  });

  app.route({
    ...contractRoute(api.addProd, {
      access: customer,
      tags,
      summary: "Adds products to a list (a product already there gets the quantity added), the cart's rules",
    }),
    handler: async (request) =>
      items(request, await lists.addProducts(userIdOf(request), request.body.wishlistId, request.body.items)),
  });

  app.route({
    ...contractRoute(api.updateProds, {
      access: customer,
      tags,
      summary: "Changes the quantity of products of a list (0 removes), the cart's rules",
    }),
    handler: async (request) =>
      items(
        request,
        await lists.updateProducts(userIdOf(request), request.body.wishlistId, request.body.items),
      ),
  });

  app.route({
    ...contractRoute(api.deleteProds, {
      access: customer,
      tags,
      summary: 'Removes products from a list',
    }),
    handler: async (request) =>
      items(
        request,
        await lists.deleteProducts(
          userIdOf(request),
          request.body.wishlistId,
          request.body.items.map((i) => i.itemId),
        ),
      ),
  });

  app.route({
    ...contractRoute(api.addAllFromWishlist, {
      access: customer,
      tags,
      summary: 'Adds every product of a list to the open cart; refused products are told one by one',
    }),
    handler: async (request) => {
      const r = await lists.addAllToCart(
        userIdOf(request),
        request.body.list_id,
        request.query.show_sectors ?? false,
      );
      if (!r.ok) return answer(request, r);
      // a partial addition tells both: what was added (infos) and each product refused (errors)
      return answerPartial(request, { ...r.data, data: r.data.cart });
    },
  });
};

export default listsRoutes;
