import { paymentFeedbackQuerySchema, paymentProviderParamsSchema } from '@spesa/shared/contracts/checkout';
import { formatPrice } from '@spesa/shared/format/price';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JobQueue } from '../../lib/jobs';
import { htmlTemplates } from '../../lib/html';
import { failWith, ok, type Result } from '../../lib/result';
import { ACCESS } from '../../plugins/access';
import { answer, apiResponse } from '../../plugins/envelope';
import { isAcknowledged, type PaymentOutcome, type WebhookRequest } from './payment-provider';
import type { PaymentProviders } from './payment-providers';
import type { PaymentService } from './payment.service';
import { PAYMENT_TEXT } from './payment.messages';
import type { SandboxPaymentProvider, SandboxSession } from './sandbox.provider';

/**
 * The sandbox provider's hosted page, and our provider endpoints (decision 017):
 * - GET/POST /payment-sandbox/pay/:ref — the card form (plain HTML, Italian, accessible). Stands for the
 *   provider's site: it only sees the card number to pick the test outcome; nothing of it is stored.
 * - GET /payment/feedback/sandbox — the signed return: applies it and sends the browser to the web app's
 *   payment-completed route /checkout/completed/{success|failed|pending}?order_id=...
 * - POST /payment/webhook/sandbox — the signed server-to-server notification (raw body HMAC).
 * None of them reads the shop's session (`config.withoutSession`): the provider's page is the provider's
 * site, and the return and the webhook are authenticated by their signature, never by the cookie.
 */
export interface PaymentRoutesOptions {
  payments: PaymentService;
  /** the shop's providers, by the name in the feedback and webhook URLs */
  providers: PaymentProviders;
  sandbox: SandboxPaymentProvider;
  /** ms after the form before the webhook is sent; 0: before the browser returns; -1: never */
  webhookDelayMs: number;
  /** the delayed webhook is a job: it is sent once in the cluster, after a restart too */
  jobs: JobQueue;
}

/** The sandbox's delayed webhook (job payload): the session and what the card page decided. */
const SANDBOX_WEBHOOK_JOB = 'payment.sandbox-webhook';
interface SandboxWebhookJob {
  session: SandboxSession;
  outcome: PaymentOutcome;
  card: { cardBrand: string; cardLast4: string };
  /** the card page left the payment pending in the ledger (absent in jobs queued before: asked then) */
  pending?: boolean;
}

const render = htmlTemplates(new URL('./templates/', import.meta.url));

const formBodySchema = z.object({
  t: z.string().max(2000),
  action: z.enum(['pay', 'cancel']).optional(),
  card_number: z.string().max(40).optional(),
  expiry: z.string().max(10).optional(),
  cvc: z.string().max(6).optional(),
  holder: z.string().max(100).optional(),
});

interface FormErrors {
  card_number?: string;
  expiry?: string;
  cvc?: string;
  holder?: string;
}

/** The hosted card form (`templates/sandbox-card.eta`), with the errors of a refused attempt. */
function page(
  session: SandboxSession,
  token: string,
  errors: FormErrors = {},
  values: { holder?: string } = {},
): string {
  return render('sandbox-card', {
    description: session.description,
    amount: formatPrice(session.amountCents / 100),
    token,
    errors,
    holder: values.holder ?? '',
  });
}

function checkForm(body: z.infer<typeof formBodySchema>, now: Date): FormErrors {
  const errors: FormErrors = {};
  if (!body.holder || body.holder.trim().length < 2) errors.holder = "Inserisci il nome dell'intestatario.";
  const digits = (body.card_number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) errors.card_number = 'Inserisci un numero di carta valido.';
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(body.expiry ?? '');
  const month = m ? Number(m[1]) : 0;
  const year = m ? 2000 + Number(m[2]) : 0;
  const nowMonth = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  if (!m || month < 1 || month > 12 || year * 12 + month < nowMonth)
    errors.expiry = 'Inserisci una scadenza valida e non passata (MM/AA).';
  if (!/^\d{3,4}$/.test(body.cvc ?? '')) errors.cvc = 'Il codice di sicurezza ha 3 o 4 cifre.';
  return errors;
}

const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (
  app,
  { payments, providers, sandbox, webhookDelayMs, jobs },
) => {
  const sendWebhook = async (raw: string, signature: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/ebsn/api/payment/webhook/sandbox',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
      payload: raw,
    });
    if (res.statusCode !== 200) throw new Error(`sandbox webhook refused: HTTP ${res.statusCode}`);
  };
  /** The sandbox confirms a pending card in its ledger, then notifies the shop (idempotent by event id). */
  const notify = async ({ session, outcome, card, pending }: SandboxWebhookJob) => {
    // only a pending authorisation has anything to confirm (an authorised one is left as it is)
    if (outcome === 'success' && pending !== false) await sandbox.confirmPending(session.providerRef);
    const hook = sandbox.webhook(session, outcome, card);
    await sendWebhook(hook.raw, hook.signature);
  };
  jobs.register(SANDBOX_WEBHOOK_JOB, (payload) => notify(payload as SandboxWebhookJob));

  const hostedPage = ACCESS.signed(
    'the sandbox hosted card page: its session token (HMAC) is checked in the handler',
  );
  const sessionParams = z.object({ ref: z.string().regex(/^sbx_[0-9a-f]{24}$/) });
  const notFoundPage = (reply: { code: (n: number) => unknown; type: (t: string) => unknown }) => {
    reply.code(404);
    reply.type('text/html; charset=utf-8');
    return '<!doctype html><html lang="it"><head><meta charset="utf-8"><title>Sessione non valida</title></head><body><main><h1>Sessione di pagamento non valida o scaduta</h1><p>Torna al negozio e riprova il pagamento dal dettaglio dell’ordine.</p></main></body></html>';
  };

  app.get(
    '/payment-sandbox/pay/:ref',
    {
      config: { access: hostedPage, withoutSession: true },
      schema: {
        tags: ['payments'],
        summary: 'Sandbox provider: the hosted card form (HTML)',
        params: sessionParams,
        querystring: z.object({ t: z.string().max(2000) }),
      },
    },
    async (request, reply) => {
      const session = sandbox.openSession(request.params.ref, request.query.t);
      if (!session) return notFoundPage(reply);
      reply.type('text/html; charset=utf-8');
      reply.header('cache-control', 'no-store');
      return page(session, request.query.t);
    },
  );

  app.post(
    '/payment-sandbox/pay/:ref',
    {
      config: { access: hostedPage, withoutSession: true },
      schema: {
        tags: ['payments'],
        summary: 'Sandbox provider: processes the card form, then returns the browser to the shop',
        params: sessionParams,
        body: formBodySchema,
      },
    },
    async (request, reply) => {
      const session = sandbox.openSession(request.params.ref, request.body.t);
      if (!session) return notFoundPage(reply);
      if (request.body.action === 'cancel')
        return reply.redirect(sandbox.returnUrl(session, 'cancelled'), 303);
      const errors = checkForm(request.body, new Date());
      const decision = errors.card_number ? null : sandbox.decide(request.body.card_number ?? '');
      if (!decision && !errors.card_number) errors.card_number = 'Il numero della carta non è valido.';
      if (!decision || Object.keys(errors).length > 0) {
        reply.code(422).type('text/html; charset=utf-8');
        return page(session, request.body.t, errors, { holder: request.body.holder ?? '' });
      }
      const job: SandboxWebhookJob = {
        session,
        outcome: decision.webhookOutcome,
        card: { cardBrand: decision.cardBrand, cardLast4: decision.cardLast4 },
        pending: decision.returnOutcome === 'pending',
      };
      // the delayed webhook's job written with the ledger's decision, by its statement
      const delayed =
        webhookDelayMs > 0
          ? jobs.enqueueWrite(SANDBOX_WEBHOOK_JOB, job, { delayMs: webhookDelayMs })
          : undefined;
      await sandbox.record(session, decision.returnOutcome, delayed);
      if (webhookDelayMs === 0) await notify(job);
      return reply.redirect(sandbox.returnUrl(session, decision.returnOutcome), 303);
    },
  );

  const providerOf = (name: string) => providers.byName(name);
  const unknownProvider = failWith(PAYMENT_TEXT.unknownSession, 'notFound');

  app.get(
    '/payment/feedback/:provider',
    {
      config: {
        access: ACCESS.signed(
          "the provider's return: signed, or confirmed by the provider's own API, checked by the provider",
        ),
        withoutSession: true,
      },
      schema: {
        tags: ['payments'],
        summary:
          "A provider's return: verified (its signature, or the provider asked), applied, then the browser goes to /checkout/completed/:status",
        params: paymentProviderParamsSchema,
        querystring: paymentFeedbackQuerySchema,
        response: { 400: apiResponse(z.object({})), 404: apiResponse(z.object({})) },
      },
    },
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      if (!provider) {
        reply.code(404);
        return answer(request, unknownProvider);
      }
      const verified = await provider.verifyReturn(request.query);
      if (!verified) {
        reply.code(400);
        return answer(request, failWith(PAYMENT_TEXT.badSignature, 'validation'));
      }
      const applied = await payments.apply(provider.name, verified, 'return');
      if (!applied.ok) {
        reply.code(400);
        return answer(request, applied);
      }
      return reply.redirect(
        `/checkout/completed/${applied.data.completed}?order_id=${applied.data.orderId}`,
        302,
      );
    },
  );

  await app.register(async (plain) => {
    const hook = plain.withTypeProvider<ZodTypeProvider>();
    // a webhook's signature covers the raw body: keep it as text (Stripe and Satispay send JSON)
    const asText = (_request: unknown, body: string, done: (err: null, body: string) => void) => {
      done(null, body);
    };
    hook.addContentTypeParser('application/json', { parseAs: 'string' }, asText);
    const webhook = {
      config: {
        access: ACCESS.signed(
          "a provider's webhook: its signature over the raw body (or the provider's own API) checked by the provider",
        ),
        withoutSession: true,
      },
      schema: {
        tags: ['payments'],
        summary:
          "A provider's server-to-server notification (e.g. x-sandbox-signature: HMAC of the raw body; Stripe-Signature)",
        params: paymentProviderParamsSchema,
        querystring: paymentFeedbackQuerySchema,
        body: z.string().max(100_000).optional(),
        response: {
          200: apiResponse(z.object({ received: z.boolean() })),
          401: apiResponse(z.object({ received: z.boolean() })),
          404: apiResponse(z.object({ received: z.boolean() })),
        },
      },
    } as const;
    /** A webhook verified by its provider and applied: the HTTP status and the envelope's result. */
    const receive = async (
      providerName: string,
      request: WebhookRequest,
    ): Promise<{ status: 200 | 401 | 404; result: Result<{ received: boolean }> }> => {
      const provider = providerOf(providerName);
      if (!provider) return { status: 404, result: unknownProvider };
      const verified = await provider.verifyWebhook(request);
      if (!verified) return { status: 401, result: failWith(PAYMENT_TEXT.badSignature) };
      if (isAcknowledged(verified)) {
        // no authorisation's outcome (a refund, a dispute…): recorded and acknowledged, never retried
        await payments.record(provider.name, verified);
        return { status: 200, result: ok({ received: true }) };
      }
      const applied = await payments.apply(provider.name, verified, 'webhook');
      return { status: 200, result: applied.ok ? ok({ received: true }) : applied };
    };
    const headersOf = (raw: Record<string, string | string[] | undefined>) => {
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(raw)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      return headers;
    };
    hook.post('/payment/webhook/:provider', webhook, async (request, reply) => {
      const { status, result } = await receive(request.params.provider, {
        rawBody: typeof request.body === 'string' ? request.body : '',
        headers: headersOf(request.headers),
        query: request.query,
      });
      reply.code(status);
      return answer(request, result);
    });
    // some providers (Satispay) call back with a GET naming the payment; the provider is then asked
    const { body: _body, ...withoutBody } = webhook.schema;
    hook.get('/payment/webhook/:provider', { ...webhook, schema: withoutBody }, async (request, reply) => {
      const { status, result } = await receive(request.params.provider, {
        rawBody: '',
        headers: headersOf(request.headers),
        query: request.query,
      });
      reply.code(status);
      return answer(request, result);
    });
  });
};

export default paymentRoutes;
