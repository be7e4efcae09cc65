import type { Order } from '@spesa/shared/contracts/orders';
import {
  staffPickBodySchema,
  staffStatusBodySchema,
  STAFF_DELIVERY_STEPS,
} from '@spesa/shared/contracts/staff';
import { ORDER_STATUS, orderStatusLabel } from '@spesa/shared/orders/order-status';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../lib/html';
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
const CSS =
  'body{font-family:Arial,Helvetica,sans-serif;margin:0 auto;max-width:1100px;padding:16px;color:#1a1a1a}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:6px;border-bottom:1px solid #ccc;vertical-align:top}a{color:#1b5e20}.ok{background:#e8f5e9;padding:8px 12px;border-left:4px solid #1b5e20}.ko{background:#ffebee;padding:8px 12px;border-left:4px solid #b71c1c}input{width:6em;padding:4px}button{padding:6px 10px;margin:2px;background:#1b5e20;color:#fff;border:0;border-radius:4px;cursor:pointer}label{display:block;font-size:13px}form.inline{display:inline}';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${CSS}</style></head><body><header><p><a href="/staff">Ordini del giorno</a> · Spesa online, area personale del negozio</p></header><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;

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

function messageBlock(result: Result<unknown> | null): string {
  if (!result) return '';
  if (!result.ok) return `<p class="ko" role="alert">${escapeHtml(result.message)}</p>`;
  const infos = result.infos ?? [];
  return infos.length > 0 ? `<p class="ok" role="status">${infos.map(escapeHtml).join('<br>')}</p>` : '';
}

function orderPage(order: Order, next: number[], result: Result<unknown> | null): string {
  const id = order.orderId;
  const picking =
    order.orderStatusId === ORDER_STATUS.preparing || order.orderStatusId === ORDER_STATUS.inPreparation;
  const lines = order.orderItems
    .map((i) => {
      const d = i.delivered;
      const delivered = d
        ? `${d.quantity} ${escapeHtml(i.unitBase)}${d.weight !== null ? `, peso reale ${d.weight} ${escapeHtml(i.unitBase)}` : ''}${d.substitute ? `, sostituito con ${escapeHtml(d.substitute.name)}` : ''} = ${formatEuro(Math.round(d.grossTotal * 100))}`
        : 'da preparare';
      const form = picking
        ? `<form method="post" action="/staff/ordini/${id}/riga"><input type="hidden" name="orderItemId" value="${i.orderItemId}"><label for="q${i.orderItemId}">Quantità (${escapeHtml(i.unitBase)})</label><input id="q${i.orderItemId}" name="quantity" inputmode="decimal" required value="${d ? d.quantity : i.quantity}">${
            i.variableWeight
              ? `<label for="w${i.orderItemId}">Peso reale (${escapeHtml(i.unitBase)})</label><input id="w${i.orderItemId}" name="weight" inputmode="decimal" value="${d?.weight ?? ''}">`
              : ''
          }${
            i.acceptAlternatives
              ? `<label for="s${i.orderItemId}">Sostituto (codice prodotto)</label><input id="s${i.orderItemId}" name="substituteProductId" inputmode="numeric" value="${d?.substitute?.productId ?? ''}">`
              : ''
          }<button type="submit">Registra riga ${escapeHtml(i.name)}</button></form>`
        : '';
      return `<tr><td>${escapeHtml(i.name)}<br><small>${escapeHtml(i.shortDescr)} ${escapeHtml(i.description)}</small></td><td>${i.quantity} ${escapeHtml(i.unitBase)}${i.variableWeight ? ' (peso variabile)' : ''}</td><td>${formatEuro(Math.round(i.grossTotal * 100))}</td><td>${delivered}</td><td>${form}</td></tr>`;
    })
    .join('');
  const actions: string[] = [];
  if (next.includes(ORDER_STATUS.preparing))
    actions.push(
      `<form class="inline" method="post" action="/staff/ordini/${id}/inizia"><button type="submit">Inizia preparazione</button></form>`,
    );
  if (next.includes(ORDER_STATUS.prepared))
    actions.push(
      `<form class="inline" method="post" action="/staff/ordini/${id}/preparato"><button type="submit">Segna come preparato e addebita</button></form>`,
    );
  for (const [step, status] of Object.entries(STAFF_DELIVERY_STEPS))
    if (next.includes(status))
      actions.push(
        `<form class="inline" method="post" action="/staff/ordini/${id}/stato"><input type="hidden" name="step" value="${step}"><button type="submit">${escapeHtml(STEP_LABEL[step as keyof typeof STAFF_DELIVERY_STEPS])}</button></form>`,
      );
  const history = order.statusHistory
    .map(
      (h) =>
        `<li>${escapeHtml(new Date(h.date).toLocaleString('it-IT', { timeZone: 'Europe/Rome' }))}: ${escapeHtml(h.orderStatusDescr)} (${escapeHtml(h.actor)})</li>`,
    )
    .join('');
  return `${messageBlock(result)}<p>Stato: <strong>${escapeHtml(order.orderStatusDescr)}</strong> · Fascia ${escapeHtml(order.timeslot.date)} ${escapeHtml(order.timeslot.beginTime)}-${escapeHtml(order.timeslot.endTime)} · ${order.homeDelivery ? 'Consegna a domicilio' : 'Ritiro'} · ${escapeHtml(order.payment.paymentTypeDescr)}</p><p>Totale ordinato ${formatEuro(Math.round(order.grossTotal * 100))} · Autorizzato ${formatEuro(Math.round(order.payment.amountAuthorized * 100))}${order.capturedAmount !== null ? ` · <strong>Addebitato ${formatEuro(Math.round(order.capturedAmount * 100))}</strong>` : ''}</p><h2>Azioni</h2><div>${actions.join(' ') || '<p>Nessuna azione possibile in questo stato.</p>'}</div><h2>Righe</h2><table><caption>Righe dell’ordine ${id}</caption><thead><tr><th scope="col">Prodotto</th><th scope="col">Ordinato</th><th scope="col">Importo</th><th scope="col">Preparato</th><th scope="col">Registra</th></tr></thead><tbody>${lines}</tbody></table><h2>Storico</h2><ol>${history}</ol>`;
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
      await reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Area personale del negozio',
            '<p>Per preparare e consegnare gli ordini accedi con il tuo account del personale (per la demo: <code>operatore@spesa.demo</code>).</p><ol><li><a href="/login" target="_blank" rel="noopener">Accedi dalla pagina di accesso del negozio</a> (si apre in una nuova scheda).</li><li>Torna qui e <a href="/staff">ricarica questa pagina</a>.</li></ol>',
          ),
        );
      return null;
    }
    const member = await staff.member(live.userId);
    if (!member) {
      await reply
        .code(403)
        .type('text/html; charset=utf-8')
        .send(page('Accesso non consentito', '<p>Questa pagina è riservata al personale del negozio.</p>'));
      return null;
    }
    if (request.method === 'POST' && isCrossSite(request)) {
      await reply.code(403).type('text/html; charset=utf-8').send(page('Richiesta non consentita', ''));
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
        .send(page('Ordine non trovato', '<p>Ordine non trovato.</p>'));
    return reply
      .type('text/html; charset=utf-8')
      .send(page(`Ordine ${orderId}`, orderPage(view.data.data, view.data.nextStatuses, result)));
  };

  app.get('/staff', staffOnly, async (request, reply) => {
    const member = await who(request, reply);
    if (!member) return reply;
    const q = (request.query as { date?: string }).date ?? '';
    const date = /^\d{4}-\d{2}-\d{2}$/.test(q) && !Number.isNaN(Date.parse(q)) ? q : todayInItaly();
    const list = await staff.list(member, { date });
    const rows = list.ok
      ? list.data.orders
          .map(
            (o) =>
              `<tr><td><a href="/staff/ordini/${o.orderId}">Ordine ${o.orderId}</a></td><td>${escapeHtml(o.timeslot.beginTime)}-${escapeHtml(o.timeslot.endTime)}</td><td>${escapeHtml(o.customerName)}</td><td>${o.homeDelivery ? 'Domicilio' : 'Ritiro'} · ${escapeHtml(o.warehouseName)}</td><td>${escapeHtml(orderStatusLabel(o.orderStatusId))}</td><td>${o.pickedItems}/${o.totalItems}</td></tr>`,
          )
          .join('')
      : '';
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Ordini del giorno',
          `<form method="get" action="/staff"><label for="date">Giorno di consegna</label><input id="date" type="date" name="date" value="${escapeHtml(date)}" style="width:auto"> <button type="submit">Mostra</button></form>${
            rows
              ? `<table><thead><tr><th scope="col">Ordine</th><th scope="col">Fascia</th><th scope="col">Cliente</th><th scope="col">Servizio</th><th scope="col">Stato</th><th scope="col">Righe preparate</th></tr></thead><tbody>${rows}</tbody></table>`
              : '<p>Nessun ordine per questo giorno.</p>'
          }`,
        ),
      );
  });

  app.get('/staff/ordini/:orderId', staffOnly, async (request, reply) => {
    const member = await who(request, reply);
    if (!member) return reply;
    const orderId = orderIdOf(request);
    if (orderId === null)
      return reply.code(404).type('text/html; charset=utf-8').send(page('Ordine non trovato', ''));
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
      return reply.code(404).type('text/html; charset=utf-8').send(page('Ordine non trovato', ''));
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
    } else return reply.code(404).type('text/html; charset=utf-8').send(page('Pagina non trovata', ''));
    return showOrder(reply, member, orderId, result);
  });
};

export default staffPageRoutes;
