import type { Order } from '@spesa/shared/contracts/orders';
import {
  staffPickBodySchema,
  staffStatusBodySchema,
  STAFF_DELIVERY_STEPS,
} from '@spesa/shared/contracts/staff';
import { ORDER_STATUS, orderStatusLabel } from '@spesa/shared/orders/order-status';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { htmlTemplates } from '../../lib/html';
import type { Result } from '../../lib/result';
import type { SessionService } from '../account/session.service';
import { ACCESS } from '../../plugins/access';
import { isCrossSite, SESSION_COOKIE } from '../../plugins/session';
import { formatEuro } from './orders.messages';
import type { StaffMember, StaffService } from './staff.service';

/**
 * The demo staff page (decision 018): plain server-rendered, accessible Italian HTML at /staff, like
 * /dev/mailbox. It signs in through the shop's own sign-in page (/login: bot check and throttling apply) and
 * reads the same HttpOnly session cookie; a signed-in customer is refused. Forms post to /staff/... (same
 * site only) and call the same StaffService as the API, so the same table and rules apply.
 */
const render = htmlTemplates(new URL('./templates/', import.meta.url));

/** A staff page: `templates/<template>.eta` inside `templates/staff-page.eta`, with this title. */
const page = (title: string, template = 'staff-notice', data: object = {}) =>
  render(template, { ...data, title });

const todayInItaly = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

const STEP_LABEL: Record<keyof typeof STAFF_DELIVERY_STEPS, string> = {
  outForDelivery: 'In consegna',
  delivered: 'Consegnato / ritirato',
  partiallyDelivered: 'Consegnato in parte',
  notCollected: 'Non ritirato',
  failed: 'Non riuscito',
};

const euro = (amount: number) => formatEuro(Math.round(amount * 100));

/** What a form's result says above the order: its refusal, or the notes of a success (if any). */
function messageOf(result: Result<unknown> | null): { ok: boolean; lines: string[] } | null {
  if (!result) return null;
  if (!result.ok) return { ok: false, lines: [result.message] };
  const infos = result.infos ?? [];
  return infos.length > 0 ? { ok: true, lines: infos } : null;
}

/** The order page's view (`templates/staff-order.eta`): every text as it is shown. */
function orderView(order: Order, next: number[], result: Result<unknown> | null) {
  const actions: Array<{ path: string; label: string; step?: string }> = [];
  if (next.includes(ORDER_STATUS.preparing)) actions.push({ path: 'inizia', label: 'Inizia preparazione' });
  if (next.includes(ORDER_STATUS.prepared))
    actions.push({ path: 'preparato', label: 'Segna come preparato e addebita' });
  for (const [step, status] of Object.entries(STAFF_DELIVERY_STEPS))
    if (next.includes(status))
      actions.push({ path: 'stato', step, label: STEP_LABEL[step as keyof typeof STAFF_DELIVERY_STEPS] });
  return {
    orderId: order.orderId,
    message: messageOf(result),
    status: order.orderStatusDescr,
    slot: `${order.timeslot.date} ${order.timeslot.beginTime}-${order.timeslot.endTime}`,
    service: order.homeDelivery ? 'Consegna a domicilio' : 'Ritiro',
    payment: order.payment.paymentTypeDescr,
    ordered: euro(order.grossTotal),
    authorized: euro(order.payment.amountAuthorized),
    captured: order.capturedAmount !== null ? euro(order.capturedAmount) : null,
    actions,
    picking:
      order.orderStatusId === ORDER_STATUS.preparing || order.orderStatusId === ORDER_STATUS.inPreparation,
    lines: order.orderItems.map((i) => {
      const d = i.delivered;
      return {
        id: i.orderItemId,
        name: i.name,
        details: `${i.shortDescr} ${i.description}`,
        unit: i.unitBase,
        ordered: `${i.quantity} ${i.unitBase}${i.variableWeight ? ' (peso variabile)' : ''}`,
        total: euro(i.grossTotal),
        delivered: d
          ? `${d.quantity} ${i.unitBase}${d.weight !== null ? `, peso reale ${d.weight} ${i.unitBase}` : ''}${d.substitute ? `, sostituito con ${d.substitute.name}` : ''} = ${euro(d.grossTotal)}`
          : 'da preparare',
        // the form's values: what was picked, else what was ordered; null: the field is not asked
        quantity: d ? d.quantity : i.quantity,
        weight: i.variableWeight ? (d?.weight ?? '') : null,
        substitute: i.acceptAlternatives ? (d?.substitute?.productId ?? '') : null,
      };
    }),
    history: order.statusHistory.map(
      (h) =>
        `${new Date(h.date).toLocaleString('it-IT', { timeZone: 'Europe/Rome' })}: ${h.orderStatusDescr} (${h.actor})`,
    ),
  };
}

const staffPageRoutes: FastifyPluginAsync<{ staff: StaffService; sessions: SessionService }> = async (
  app,
  { staff, sessions },
) => {
  /** The staff member of the request, or the page answered (sign in / refused). */
  const who = async (request: FastifyRequest, reply: FastifyReply): Promise<StaffMember | null> => {
    reply.header('cache-control', 'no-store');
    const token = request.cookies[SESSION_COOKIE];
    const live = token ? await sessions.resolve(token) : null;
    if (!live) {
      await reply.type('text/html; charset=utf-8').send(page('Area personale del negozio', 'staff-sign-in'));
      return null;
    }
    const member = await staff.member(live.userId);
    if (!member) {
      await reply
        .code(403)
        .type('text/html; charset=utf-8')
        .send(
          page('Accesso non consentito', 'staff-notice', {
            text: 'Questa pagina è riservata al personale del negozio.',
          }),
        );
      return null;
    }
    if (request.method === 'POST' && isCrossSite(request)) {
      await reply.code(403).type('text/html; charset=utf-8').send(page('Richiesta non consentita'));
      return null;
    }
    return member;
  };

  // the session plugin resolves sessions under /ebsn/api only: the page reads the cookie and checks staff itself
  const staffOnly = {
    config: {
      access: ACCESS.staffPage(
        'HTML page: it resolves the session cookie and checks the staff member itself',
      ),
    },
  };

  const orderIdOf = (request: FastifyRequest): number | null => {
    const raw = (request.params as { orderId?: string }).orderId ?? '';
    const n = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    return Number.isInteger(n) && n > 0 ? n : null;
  };

  const showOrder = async (
    reply: FastifyReply,
    member: StaffMember,
    orderId: number,
    result: Result<unknown> | null,
  ) => {
    const view = await staff.view(member, orderId);
    if (!view.ok)
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(page('Ordine non trovato', 'staff-notice', { text: 'Ordine non trovato.' }));
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(`Ordine ${orderId}`, 'staff-order', orderView(view.data.data, view.data.nextStatuses, result)),
      );
  };

  app.get('/staff', staffOnly, async (request, reply) => {
    const member = await who(request, reply);
    if (!member) return reply;
    const q = (request.query as { date?: string }).date ?? '';
    const date = /^\d{4}-\d{2}-\d{2}$/.test(q) && !Number.isNaN(Date.parse(q)) ? q : todayInItaly();
    const list = await staff.list(member, { date });
    const orders = list.ok
      ? list.data.orders.map((o) => ({
          orderId: o.orderId,
          slot: `${o.timeslot.beginTime}-${o.timeslot.endTime}`,
          customer: o.customerName,
          service: `${o.homeDelivery ? 'Domicilio' : 'Ritiro'} · ${o.warehouseName}`,
          status: orderStatusLabel(o.orderStatusId),
          picked: `${o.pickedItems}/${o.totalItems}`,
        }))
      : [];
    return reply
      .type('text/html; charset=utf-8')
      .send(page('Ordini del giorno', 'staff-list', { date, orders }));
  });

  app.get('/staff/ordini/:orderId', staffOnly, async (request, reply) => {
    const member = await who(request, reply);
    if (!member) return reply;
    const orderId = orderIdOf(request);
    if (orderId === null)
      return reply.code(404).type('text/html; charset=utf-8').send(page('Ordine non trovato'));
    return showOrder(reply, member, orderId, null);
  });

  const form = (request: FastifyRequest): Record<string, string> => {
    const body =
      request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(body))
      if (typeof v === 'string' && v.trim() !== '') out[k] = v.trim().replace(',', '.');
    return out;
  };

  app.post('/staff/ordini/:orderId/:action', staffOnly, async (request, reply) => {
    const member = await who(request, reply);
    if (!member) return reply;
    const orderId = orderIdOf(request);
    if (orderId === null)
      return reply.code(404).type('text/html; charset=utf-8').send(page('Ordine non trovato'));
    const action = (request.params as { action: string }).action;
    const fields = form(request);
    let result: Result<unknown>;
    const invalid: Result<unknown> = {
      ok: false,
      kind: 'validation',
      code: 'msg.staff.invalid',
      message: 'Dati non validi: controlla le quantità inserite.',
    };
    if (action === 'inizia') result = await staff.startPreparation(member, orderId);
    else if (action === 'preparato') result = await staff.markPrepared(member, orderId);
    else if (action === 'riga') {
      const parsed = staffPickBodySchema.safeParse({ ...fields, orderId });
      result = parsed.success ? await staff.pick(member, parsed.data) : invalid;
    } else if (action === 'stato') {
      const parsed = staffStatusBodySchema.safeParse({ ...fields, orderId });
      result = parsed.success ? await staff.deliveryStep(member, parsed.data) : invalid;
    } else return reply.code(404).type('text/html; charset=utf-8').send(page('Pagina non trovata'));
    return showOrder(reply, member, orderId, result);
  });
};

export default staffPageRoutes;
