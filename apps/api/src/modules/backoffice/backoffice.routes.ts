import {
  ADMIN_GRANTS,
  backofficeEndpoints as api,
  type AdminCategory,
  type AdminProduct,
} from '@spesa/shared/contracts/admin';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failWith, ok, type Message } from '../../lib/result';
import { MAX_IMAGE_BYTES } from '../catalogue/product-images';
import { BACKOFFICE_TEXT } from './backoffice.messages';
import { ACCESS } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer, answerWithData } from '../../plugins/envelope';
import type { AdminCategoriesService, PageEditOutcome } from './admin-categories.service';
import type { AdminCustomersService } from './admin-customers.service';
import type { AdminProductsService } from './admin-products.service';
import type { AdminPromotionsService } from './admin-promotions.service';
import type { AdminStaffService } from './admin-staff.service';
import type { AdminSlotsService } from './admin-slots.service';
import type { BackofficeRepository } from './backoffice.repository';
import { toStaffWire, type AdminMember, type StaffAuthService } from './staff-auth.service';

/** The back office's session cookie: its own name and path, never sent with the shop's calls. */
export const STAFF_COOKIE = 'spesa-staff';
const COOKIE_PATH = '/ebsn/api/admin';

export interface BackofficeRoutesOptions {
  auth: StaffAuthService;
  products: AdminProductsService;
  slots: AdminSlotsService;
  customers: AdminCustomersService;
  categories: AdminCategoriesService;
  promotions: AdminPromotionsService;
  staff: AdminStaffService;
  repo: BackofficeRepository;
  secureCookie: boolean;
}

const tags = ['backoffice'];

/** The one file of a multipart upload, or why there is none. */
async function uploadedFile(
  request: FastifyRequest,
  TooLarge: new (...args: never[]) => Error,
): Promise<Buffer | Message> {
  if (!request.isMultipart()) return BACKOFFICE_TEXT.imageMissing;
  try {
    const part = await request.file();
    return part ? await part.toBuffer() : BACKOFFICE_TEXT.imageMissing;
  } catch (error) {
    return error instanceof TooLarge ? BACKOFFICE_TEXT.imageTooLarge : BACKOFFICE_TEXT.notAnImage;
  }
}

/** The member of a route the access gate let through (`ACCESS.admin`): set for sure. */
function adminOf(request: FastifyRequest): AdminMember {
  if (!request.admin) throw new Error('adminOf: only an ACCESS.admin route has a member for sure');
  return request.admin;
}

const backofficeRoutes: FastifyPluginAsyncZod<BackofficeRoutesOptions> = async (
  app,
  { auth, products, slots, customers, categories, promotions, staff, repo, secureCookie },
) => {
  const setCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(STAFF_COOKIE, token, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookie,
      maxAge: auth.cookieMaxAge(),
    });

  app.route({
    ...contractRoute(api.login, {
      access: ACCESS.public('the back-office sign-in: the password and the one-time code are checked here'),
      tags,
      summary: 'Staff sign-in: password, then the authenticator code (or enrolment at the first sign-in)',
    }),
    preHandler: app.authThrottle('admin-login', (request) => {
      const body = request.body as { login?: unknown } | undefined;
      return typeof body?.login === 'string' ? { login: body.login } : null;
    }),
    handler: async (request, reply) => {
      const result = await auth.login(request.body);
      if (!result.ok) return answer(request, result);
      if (result.data.token) setCookie(reply, result.data.token);
      return answer(request, ok(result.data.data));
    },
  });

  app.route({
    ...contractRoute(api.enrol, {
      access: ACCESS.public('confirms the authenticator with the enrolment token shown at sign-in'),
      tags,
      summary: "The authenticator's first code: the session starts and ten recovery codes are shown once",
    }),
    preHandler: app.authThrottle('admin-enrol'),
    handler: async (request, reply) => {
      const result = await auth.enrol(request.body);
      if (!result.ok) return answer(request, result);
      setCookie(reply, result.data.token);
      return answer(request, ok({ staff: result.data.staff, recoveryCodes: result.data.recoveryCodes }));
    },
  });

  app.route({
    ...contractRoute(api.logout, { access: ACCESS.admin(), tags, summary: 'Ends the back-office session' }),
    handler: async (request, reply) => {
      const token = request.cookies[STAFF_COOKIE];
      if (token) await auth.logout(token);
      reply.clearCookie(STAFF_COOKIE, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookie,
      });
      return answer(request, ok({}));
    },
  });

  app.route({
    ...contractRoute(api.me, {
      access: ACCESS.admin(),
      tags,
      summary: 'The signed-in staff member and role',
    }),
    handler: async (request) => answer(request, ok({ staff: toStaffWire(adminOf(request)) })),
  });

  app.route({
    ...contractRoute(api.products, {
      access: ACCESS.admin(ADMIN_GRANTS.products.read),
      tags,
      summary: 'Products with filters (q, categoryId, active), sort and paging',
    }),
    handler: async (request) => {
      const q = request.query;
      return answer(
        request,
        await products.list(
          {
            q: q.q,
            categoryId: q.categoryId,
            active: q.active === undefined ? undefined : q.active === 'true',
          },
          { by: q.sort ?? 'id', desc: q.order === 'DESC' },
          q.page,
          q.perPage,
        ),
      );
    },
  });

  app.route({
    ...contractRoute(api.product, {
      access: ACCESS.admin(ADMIN_GRANTS.products.read),
      tags,
      summary: 'One product',
    }),
    handler: async (request) => answer(request, await products.get(request.params.id)),
  });

  app.route({
    ...contractRoute(api.updateProduct, {
      access: ACCESS.admin(ADMIN_GRANTS.products.write),
      tags,
      summary:
        'Changes a product; refused when someone saved it after the updatedAt sent (their version answered)',
    }),
    handler: async (request) => {
      const done = await products.update(adminOf(request), request.params.id, request.body);
      if (done.ok) return answer(request, ok({ data: done.product }));
      return done.current
        ? answerWithData(request, { data: done.current }, [done.failure])
        : answer(request, done.failure);
    },
  });

  /** A page edit's answer: the page, or the refusal (with the page as it is now when the edit was stale). */
  const pageAnswer = (request: FastifyRequest, done: PageEditOutcome) => {
    if (done.ok) return answer(request, ok({ data: done.category }));
    return done.current
      ? answerWithData(request, { data: done.current }, [done.failure])
      : answer<{ data: AdminCategory }>(request, done.failure);
  };

  app.route({
    ...contractRoute(api.categories, {
      access: ACCESS.admin(ADMIN_GRANTS.categories.read),
      tags,
      summary: 'Categories (departments, aisles and content pages) with filters, sort and paging',
    }),
    handler: async (request) => {
      const q = request.query;
      return answer(
        request,
        await categories.list(
          { q: q.q, categoryTypeId: q.categoryTypeId },
          { by: q.sort ?? 'id', desc: q.order === 'DESC' },
          q.page,
          q.perPage,
        ),
      );
    },
  });

  app.route({
    ...contractRoute(api.category, {
      access: ACCESS.admin(ADMIN_GRANTS.categories.read),
      tags,
      summary: "One category with its page's grid and blocks",
    }),
    handler: async (request) => answer(request, await categories.get(request.params.id)),
  });

  app.route({
    ...contractRoute(api.updateCategory, {
      access: ACCESS.admin(ADMIN_GRANTS.categories.write),
      tags,
      summary: "A category's name, description, order and menu place; a stale edit is refused",
    }),
    handler: async (request) =>
      pageAnswer(request, await categories.update(adminOf(request), request.params.id, request.body)),
  });

  app.route({
    ...contractRoute(api.setCategoryGrid, {
      access: ACCESS.admin(ADMIN_GRANTS.categories.write),
      tags,
      summary: "The page's rows and columns (widths per breakpoint); a stale edit is refused",
    }),
    handler: async (request) =>
      pageAnswer(
        request,
        await categories.setGrid(
          adminOf(request),
          request.params.id,
          request.body.updatedAt,
          request.body.gridConfig,
        ),
      ),
  });

  app.route({
    ...contractRoute(api.addCategoryBlock, {
      access: ACCESS.admin(ADMIN_GRANTS.categories.write),
      tags,
      summary: 'Adds a block (one of the 11 types) to a position of the page',
    }),
    handler: async (request) => {
      const { updatedAt, ...block } = request.body;
      return pageAnswer(
        request,
        await categories.addBlock(adminOf(request), request.params.id, updatedAt, block),
      );
    },
  });

  app.route({
    ...contractRoute(api.updateCategoryBlock, {
      access: ACCESS.admin(ADMIN_GRANTS.categories.write),
      tags,
      summary: "Changes a block's type, position, order, mode or settings",
    }),
    handler: async (request) => {
      const { updatedAt, ...edit } = request.body;
      return pageAnswer(
        request,
        await categories.updateBlock(adminOf(request), request.params.id, updatedAt, edit),
      );
    },
  });

  app.route({
    ...contractRoute(api.deleteCategoryBlock, {
      access: ACCESS.admin(ADMIN_GRANTS.categories.write),
      tags,
      summary: 'Removes a block (and its banners) from its page',
    }),
    handler: async (request) =>
      pageAnswer(
        request,
        await categories.deleteBlock(adminOf(request), request.params.id, request.body.updatedAt),
      ),
  });

  app.route({
    ...contractRoute(api.bulkPricePreview, {
      access: ACCESS.admin(ADMIN_GRANTS.products.write),
      tags,
      summary: 'What moving the list prices of a category or a search by a percentage would do',
    }),
    handler: async (request) => {
      const b = request.body;
      return answer(request, await products.bulkPreview({ q: b.q, categoryId: b.categoryId }, b.percent));
    },
  });

  app.route({
    ...contractRoute(api.bulkPrice, {
      access: ACCESS.admin(ADMIN_GRANTS.products.write),
      tags,
      summary:
        'Moves those list prices in one transaction (refused when the products changed since the preview)',
    }),
    handler: async (request) => {
      const b = request.body;
      return answer(
        request,
        await products.bulkPrice(
          adminOf(request),
          { q: b.q, categoryId: b.categoryId },
          b.percent,
          b.expectedCount,
        ),
      );
    },
  });

  // product photos arrive as multipart/form-data (one file), in this plugin only
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0, parts: 1 } });

  app.route({
    ...contractRoute(api.uploadProductImage, {
      access: ACCESS.admin(ADMIN_GRANTS.products.write),
      tags,
      summary: "A product's photo (multipart `file`: JPEG, PNG or WebP up to 8 MB), resized for the shop",
    }),
    handler: async (request) => {
      const file = await uploadedFile(request, app.multipartErrors.RequestFileTooLargeError);
      if (!Buffer.isBuffer(file)) return answer<{ data: AdminProduct }>(request, failWith(file));
      return answer(request, await products.setImage(adminOf(request), request.params.id, file));
    },
  });

  app.route({
    ...contractRoute(api.removeProductImage, {
      access: ACCESS.admin(ADMIN_GRANTS.products.write),
      tags,
      summary: "Removes a product's photo: the shop shows its illustration again",
    }),
    handler: async (request) =>
      answer(request, await products.removeImage(adminOf(request), request.params.id)),
  });

  app.route({
    ...contractRoute(api.priceHistory, {
      access: ACCESS.admin(ADMIN_GRANTS.promotions.read),
      tags,
      summary: "A product's prices over time: list prices and promotions, newest first",
    }),
    handler: async (request) => answer(request, await products.priceHistory(request.params.id)),
  });

  app.route({
    ...contractRoute(api.promotions, {
      access: ACCESS.admin(ADMIN_GRANTS.promotions.read),
      tags,
      summary: 'Promotions (filters productId, status: current, scheduled, ended), sort and paging',
    }),
    handler: async (request) => {
      const q = request.query;
      return answer(
        request,
        await promotions.list(
          { productId: q.productId, status: q.status },
          { by: q.sort ?? 'id', desc: q.order === 'DESC' },
          q.page,
          q.perPage,
        ),
      );
    },
  });

  app.route({
    ...contractRoute(api.promotionPreview, {
      access: ACCESS.admin(ADMIN_GRANTS.promotions.read),
      tags,
      summary: 'The list price and the 30-day prior price a price cut starting that day would announce',
    }),
    handler: async (request) =>
      answer(request, await promotions.preview(request.query.productId, request.query.validFrom)),
  });

  app.route({
    ...contractRoute(api.promotion, {
      access: ACCESS.admin(ADMIN_GRANTS.promotions.read),
      tags,
      summary: 'One promotion',
    }),
    handler: async (request) => answer(request, await promotions.get(request.params.id)),
  });

  app.route({
    ...contractRoute(api.createPromotion, {
      access: ACCESS.admin(ADMIN_GRANTS.promotions.write),
      tags,
      summary:
        'A price cut of one product over some days, measured against the lowest price of the 30 days before',
    }),
    handler: async (request) => answer(request, await promotions.create(adminOf(request), request.body)),
  });

  app.route({
    ...contractRoute(api.endPromotion, {
      access: ACCESS.admin(ADMIN_GRANTS.promotions.write),
      tags,
      summary: 'Ends a promotion now (one not started yet never runs)',
    }),
    handler: async (request) => answer(request, await promotions.end(adminOf(request), request.params.id)),
  });

  app.route({
    ...contractRoute(api.slotTemplates, {
      access: ACCESS.admin(ADMIN_GRANTS.slotTemplates.read),
      tags,
      summary: "The chain's time windows of each service: capacity, weekdays, lead time, cut-off",
    }),
    handler: async (request) => answer(request, await slots.templates()),
  });

  app.route({
    ...contractRoute(api.slotTemplate, {
      access: ACCESS.admin(ADMIN_GRANTS.slotTemplates.read),
      tags,
      summary: 'One time window',
    }),
    handler: async (request) => answer(request, await slots.template(request.params.id)),
  });

  app.route({
    ...contractRoute(api.updateSlotTemplate, {
      access: ACCESS.admin(ADMIN_GRANTS.slotTemplates.write),
      tags,
      summary:
        'Changes a time window (the slots made from today on follow it); refused when someone saved it meanwhile',
    }),
    handler: async (request) => {
      const done = await slots.updateTemplate(adminOf(request), request.params.id, request.body);
      if (done.ok) return answer(request, ok({ data: done.template }));
      return done.current
        ? answerWithData(request, { data: done.current }, [done.failure])
        : answer(request, done.failure);
    },
  });

  app.route({
    ...contractRoute(api.stores, {
      access: ACCESS.admin(ADMIN_GRANTS.stores.read),
      tags,
      summary: "The stores (a store manager's own)",
    }),
    handler: async (request) => answer(request, await slots.stores(adminOf(request))),
  });

  app.route({
    ...contractRoute(api.store, {
      access: ACCESS.admin(ADMIN_GRANTS.stores.read),
      tags,
      summary: "A store's name, phone and opening hours (a store manager's own)",
    }),
    handler: async (request) => answer(request, await slots.store(adminOf(request), request.params.id)),
  });

  app.route({
    ...contractRoute(api.updateStore, {
      access: ACCESS.admin(ADMIN_GRANTS.stores.write),
      tags,
      summary:
        "Changes a store's name, phone or opening hours; refused when someone saved it meanwhile (their version answered)",
    }),
    handler: async (request) => {
      const done = await slots.updateStore(adminOf(request), request.params.id, request.body);
      if (done.ok) return answer(request, ok({ data: done.store }));
      return done.current
        ? answerWithData(request, { data: done.current }, [done.failure])
        : answer(request, done.failure);
    },
  });

  app.route({
    ...contractRoute(api.slotDays, {
      access: ACCESS.admin(ADMIN_GRANTS.stores.read),
      tags,
      summary: "A store's slot days (from, days): slots open, places booked, the orders booked",
    }),
    handler: async (request) =>
      answer(
        request,
        await slots.days(adminOf(request), request.params.id, request.query.from, request.query.days),
      ),
  });

  app.route({
    ...contractRoute(api.setSlotDay, {
      access: ACCESS.admin(ADMIN_GRANTS.stores.write),
      tags,
      summary:
        "Closes (or opens again) a day of a store's slots; the day's booked orders are listed to rebook",
    }),
    handler: async (request) =>
      answer(
        request,
        await slots.setDay(adminOf(request), request.params.id, request.body.date, request.body.closed),
      ),
  });

  app.route({
    ...contractRoute(api.customers, {
      access: ACCESS.admin(ADMIN_GRANTS.customers.read),
      tags,
      summary: 'Customers by name, e-mail, loyalty card, phone or fiscal code; sort and paging',
    }),
    handler: async (request) => {
      const q = request.query;
      return answer(
        request,
        await customers.list(q.q, { by: q.sort ?? 'id', desc: q.order === 'DESC' }, q.page, q.perPage),
      );
    },
  });

  app.route({
    ...contractRoute(api.customer, {
      access: ACCESS.admin(ADMIN_GRANTS.customers.read),
      tags,
      summary: "One customer, their latest orders and customer service's notes (the opening is audited)",
    }),
    handler: async (request) => answer(request, await customers.get(adminOf(request), request.params.id)),
  });

  app.route({
    ...contractRoute(api.addCustomerNote, {
      access: ACCESS.admin(ADMIN_GRANTS.customers.write),
      tags,
      summary: "Adds a customer service's note to a customer",
    }),
    handler: async (request) =>
      answer(request, await customers.addNote(adminOf(request), request.params.id, request.body.text)),
  });

  app.route({
    ...contractRoute(api.anonymizeCustomer, {
      access: ACCESS.admin(ADMIN_GRANTS.customers.write),
      tags,
      summary: "Erases a customer's personal data on their request (not while an order awaits pickup)",
    }),
    handler: async (request) =>
      answer(request, await customers.anonymize(adminOf(request), request.params.id, request.body.reason)),
  });

  app.route({
    ...contractRoute(api.staff, {
      access: ACCESS.admin(ADMIN_GRANTS.staff.read),
      tags,
      summary: 'The staff members: role, stores, authenticator enrolled',
    }),
    handler: async (request) => answer(request, await staff.list()),
  });

  app.route({
    ...contractRoute(api.staffMember, {
      access: ACCESS.admin(ADMIN_GRANTS.staff.read),
      tags,
      summary: 'One staff member',
    }),
    handler: async (request) => answer(request, await staff.get(request.params.id)),
  });

  app.route({
    ...contractRoute(api.addStaff, {
      access: ACCESS.admin(ADMIN_GRANTS.staff.write),
      tags,
      summary: 'Makes the holder of a shop account a staff member with a role (and stores)',
    }),
    handler: async (request) => answer(request, await staff.add(adminOf(request), request.body)),
  });

  app.route({
    ...contractRoute(api.updateStaff, {
      access: ACCESS.admin(ADMIN_GRANTS.staff.write),
      tags,
      summary: "Changes a member's role, stores or activity; refused when someone saved it meanwhile",
    }),
    handler: async (request) => {
      const done = await staff.update(adminOf(request), request.params.id, request.body);
      if (done.ok) return answer(request, ok({ data: done.staff }));
      return done.current
        ? answerWithData(request, { data: done.current }, [done.failure])
        : answer(request, done.failure);
    },
  });

  app.route({
    ...contractRoute(api.resetAuthenticator, {
      access: ACCESS.admin(ADMIN_GRANTS.staff.write),
      tags,
      summary: "Forgets a member's authenticator (a lost phone): they enrol again; their sessions end",
    }),
    handler: async (request) =>
      answer(request, await staff.resetAuthenticator(adminOf(request), request.params.id)),
  });

  app.route({
    ...contractRoute(api.audit, {
      access: ACCESS.admin(ADMIN_GRANTS.audit.read),
      tags,
      summary: 'The audit log: every admin write and refusal, newest first by default',
    }),
    handler: async (request) => {
      const q = request.query;
      const { rows, total } = await repo.auditList(
        { staffUserId: q.staffUserId, resource: q.resource, action: q.action },
        { desc: q.order === 'DESC' || q.sort === undefined },
        q.perPage,
        (q.page - 1) * q.perPage,
      );
      return answer(request, ok({ data: rows, total }));
    },
  });
};

export default backofficeRoutes;
