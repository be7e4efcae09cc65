import type { FastifyInstance } from 'fastify';
import { PHYSICAL_CARD_DAYS } from '@spesa/shared/loyalty/premium';
import { ORDER_STATUS } from '@spesa/shared/orders/order-status';
import type { Db } from '../../db/client';
import type { ModuleCore, RouteRegistrar } from '../../lib/module';
import type { OrderTransitionsPort } from '../../lib/order-transitions';
import { Abort } from '../../lib/result';
import { romeNow } from '../../lib/rome-time';
import giftCardOrdersAdminRoutes from './gift-card-orders-admin.routes';
import { GiftCardOrdersRepository } from './gift-card-orders.repository';
import giftCardOrdersRoutes from './gift-card-orders.routes';
import {
  GiftCardOrdersService,
  type GiftCardAuditPort,
  type GiftCardMailPort,
} from './gift-card-orders.service';
import { GiftCertificatesRepository } from './gift-certificates.repository';
import {
  GiftCertificatesService,
  type CustomerFactsPort,
  type GiftIssuedPort,
} from './gift-certificates.service';
import { InviteRepository } from './invite.repository';
import inviteRoutes from './invite.routes';
import {
  INVITE_SETTLE_JOB,
  INVITE_SWEEP_JOB,
  INVITE_SWEEP_MS,
  InviteService,
  isDelivery,
  type InvitePeoplePort,
  type OrderStatusEvent,
  type VoucherMail,
} from './invite.service';
import loyaltyAdminRoutes from './loyalty-admin.routes';
import { LoyaltyCardRepository } from './loyalty-card.repository';
import { LoyaltyCardService, type CardLinkedListener } from './loyalty-card.service';
import loyaltyRoutes from './loyalty.routes';
import { PremiumProductRepository } from './premium-product.repository';
import { PremiumProductService, type PremiumCataloguePort } from './premium-product.service';
import { PremiumService, type CardAccountsPort } from './premium.service';
import { WalletRepository } from './wallet.repository';
import { WalletService, type WalletAuditPort } from './wallet.service';

export interface LoyaltyModuleDeps extends ModuleCore {
  /** the account module's repository: the cards (decision 038), the customers' facts and identities */
  accounts: CardAccountsPort & {
    loyaltyFacts: CustomerFactsPort['facts'];
    setProfileLevel: CustomerFactsPort['setProfileLevel'];
    identityFacts: InvitePeoplePort['identities'];
  };
  /** the orders module's repository: the customers' orders as certificates and invites ask them */
  orders: {
    deliveredSince: CustomerFactsPort['deliveredOrdersSince'];
    hasOrders: CustomerFactsPort['hasOrders'];
    firstDeliveredOf: InvitePeoplePort['firstDeliveredOf'];
    ownerOf(orderId: number, db: Db): ReturnType<InvitePeoplePort['ownerOfOrder']>;
  };
  /** the order status changes (the orders module): a delivered order settles an invite */
  orderStatus: {
    onChange(
      listener: (event: OrderStatusEvent, once: unknown, db: Db) => Promise<void>,
      when: typeof isDelivery,
    ): void;
  };
  /** the listeners of orders' status transitions (the orders module): a cancelled order's perks come back */
  orderTransitions: OrderTransitionsPort;
  /** the catalogue's day and products (the premium card's 20 % product, decision 043) */
  catalogue: { today(): string };
  productOf: PremiumCataloguePort['productOf'];
  /** "voucher issued" in the customer's messages (the notifications module, decision 048) */
  notifications: { voucherIssued: GiftIssuedPort };
  /** the invite vouchers' and gift-card requests' e-mails (the mail module) */
  mail: {
    inviteVoucherMail: (mail: VoucherMail, tx: Db) => Promise<void>;
    giftCardOrderMail: GiftCardMailPort;
  };
  /** the tills' receipts of a card no account held become the customer's who links it (decision 046) */
  receipts: { cardLinked: CardLinkedListener };
  /** the back office's audit log: goodwill credits and premium moves by customer, gift-card requests */
  audit: { customers: WalletAuditPort; giftCardOrders: GiftCardAuditPort };
}

/**
 * The loyalty module: the wallet (decision 037), the loyalty and premium cards (decision 038) with the premium
 * product (decision 043), gift certificates (decision 040), invite a friend (decision 045), companies'
 * gift-card requests (decision 044).
 */
export function loyaltyModule(app: FastifyInstance, d: LoyaltyModuleDeps) {
  const { db, now, accounts, orders } = d;
  const walletAudit: WalletAuditPort = { record: (e, tx) => d.audit.customers.record(e, tx) };
  const wallet = new WalletService(db, new WalletRepository(db), walletAudit);
  // the cards are the account module's, linked and issued through its repository in this module's transaction
  const loyaltyCards = new LoyaltyCardRepository(db, PHYSICAL_CARD_DAYS);
  const romeToday = () => romeNow(now()).date;
  const premium = new PremiumService(db, loyaltyCards, accounts, walletAudit, romeToday);
  const cards = new LoyaltyCardService(
    db,
    loyaltyCards,
    accounts,
    premium,
    romeToday,
    (userId, cardNumber, tx) => d.receipts.cardLinked(userId, cardNumber, tx),
  );
  const premiumProduct = new PremiumProductService(
    new PremiumProductRepository(db),
    premium,
    { productOf: (productId) => d.productOf(productId) },
    romeToday,
  );
  // checkout and orders reach gift certificates through their ports; customer service grants personal ones
  const gifts = new GiftCertificatesService(
    db,
    new GiftCertificatesRepository(db),
    {
      facts: (userId) => accounts.loyaltyFacts(userId),
      deliveredOrdersSince: (userId, since) => orders.deliveredSince(userId, since),
      setProfileLevel: (userId, level) => accounts.setProfileLevel(userId, level),
      hasOrders: (userId, exceptOrderId) => orders.hasOrders(userId, exceptOrderId),
    },
    walletAudit,
    () => d.catalogue.today(),
    now,
    (g, tx) => d.notifications.voucherIssued(g, tx),
  );
  const invites = inviteAFriend(app, d, gifts, romeToday);
  givenBackOnCancel(d.orderTransitions, { gifts, wallet, premium });
  const giftCards = new GiftCardOrdersService(
    db,
    new GiftCardOrdersRepository(db),
    { send: (to, m, tx) => d.mail.giftCardOrderMail.send(to, m, tx) },
    { record: (e, tx) => d.audit.giftCardOrders.record(e, tx) },
    { deskEmail: d.env.GIFT_CARD_DESK_EMAIL, now },
  );
  return {
    wallet,
    premium,
    premiumProduct,
    gifts,
    /** an order's status change that counts as its delivery (the receipts module's listener asks it too) */
    isDelivery,
    routes: (async (api) => {
      await api.register(loyaltyRoutes, { wallet, cards, premium, gifts, premiumProduct });
      await api.register(inviteRoutes, { invites });
    }) satisfies RouteRegistrar,
    /** the back office's loyalty routes, then the gift-card partner programme's (requests and their handling) */
    adminRoutes: (async (api) => {
      await api.register(loyaltyAdminRoutes, { wallet, premium, premiumProduct, gifts });
      await api.register(giftCardOrdersRoutes, { giftCards });
      await api.register(giftCardOrdersAdminRoutes, { giftCards });
    }) satisfies RouteRegistrar,
  };
}

/**
 * A cancelled order gives back what it took of the loyalty module (decision 074): its gift codes' uses, the
 * wallet's part (a failure refuses the cancellation) and a premium free delivery.
 */
function givenBackOnCancel(
  transitions: OrderTransitionsPort,
  m: { gifts: GiftCertificatesService; wallet: WalletService; premium: PremiumService },
) {
  const { cancelled } = ORDER_STATUS;
  transitions.onTransition(cancelled, 'loyalty: gift code uses given back', (order, tx) =>
    m.gifts.releaseUses(order.orderId, tx),
  );
  transitions.onTransition(cancelled, "loyalty: wallet's part given back", async (order, tx) => {
    const back = await m.wallet.payOrder(order.userId, order.orderId, 0, tx);
    if (!back.ok) throw new Abort(back);
  });
  transitions.onTransition(cancelled, 'loyalty: premium free delivery given back', async (order, tx) => {
    await m.premium.releaseFreeDelivery(order.orderId, tx);
  });
}

/**
 * Invite a friend (decision 045): the friend's first-order certificate, the inviter's vouchers issued after
 * the friend's delivered order (a job enqueued by the delivery, and an hourly sweep).
 */
function inviteAFriend(
  app: FastifyInstance,
  d: LoyaltyModuleDeps,
  gifts: GiftCertificatesService,
  today: () => string,
) {
  const { db, jobs, accounts, orders } = d;
  const invites = new InviteService(
    db,
    new InviteRepository(db),
    gifts,
    {
      identities: (userIds) => accounts.identityFacts(userIds),
      hasOrders: (userId, exceptOrderId) => orders.hasOrders(userId, exceptOrderId),
      firstDeliveredOf: (userIds) => orders.firstDeliveredOf(userIds),
      ownerOfOrder: (orderId, tx) => orders.ownerOf(orderId, tx),
    },
    {
      sendVoucherMail: (m, tx) => d.mail.inviteVoucherMail(m, tx),
      later: (friendUserId, tx) => jobs.enqueue(INVITE_SETTLE_JOB, { friendUserId }, { db: tx }),
      today,
    },
  );
  app.decorate('invites', invites);
  jobs.register(INVITE_SETTLE_JOB, async (payload) => {
    await invites.settle((payload as { friendUserId: number }).friendUserId);
  });
  jobs.every(INVITE_SWEEP_JOB, INVITE_SWEEP_MS, async () => {
    await invites.sweep();
  });
  d.orderStatus.onChange((event, _once, tx) => invites.onOrderDelivered(event, tx), isDelivery);
  return invites;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** invite a friend (tests run its sweep and settlements) */
    invites: InviteService;
  }
}
