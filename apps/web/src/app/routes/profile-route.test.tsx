import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { WpPage } from '@spesa/shared/contracts/content';
import type { Envelope } from '@spesa/shared/contracts/envelope';
import type { CardView } from '@spesa/shared/contracts/loyalty';
import type { ReceiptSettings } from '@spesa/shared/contracts/receipts';
import { renderApp } from '../../test/render-app';
import { failure, mockApi, okAs, SIGNED_IN_USER, wp, wpFailure } from '../../test/mock-api';
import { categoryTree } from '../../test/fixtures';
import { makeCheckoutCart } from '../../test/orders-fixtures';
import { resetAuthState } from '../../lib/auth-state';

const ok = <T,>(data: T) => okAs(SIGNED_IN_USER, data);
/** a refusal naming the signed-in customer (an anonymous user would sign them out) */
const refusal = (status: number, text: string) => {
  const reply = failure(status, text) as { envelope: Envelope<null> };
  return { envelope: { ...reply.envelope, user: SIGNED_IN_USER } };
};
const signedIn = () => {
  sessionStorage.setItem('spesa.loggedIn', 'true');
  resetAuthState();
};
const base = {
  '/category': () => ok({ categories: categoryTree }),
  '/cart/view': () => ok(makeCheckoutCart()),
};
const page = (
  slug: string,
  title: string,
  html: string,
  template: WpPage['template'] = 'default',
): WpPage => ({
  id: 1,
  slug,
  link: `/page/${slug}`,
  date: '2026-11-01T09:00:00',
  modified: '2026-11-01T09:00:00',
  title: { rendered: title },
  content: { rendered: html },
  excerpt: { rendered: '' },
  status: 'publish',
  type: 'page',
  validity_text: '',
  template,
  form_id: null,
  yoast_head_json: { title, description: '' },
});
const premium: CardView = {
  card: {
    cardNumber: '2700000000021',
    cardType: 'premium',
    validTo: null,
    valid: true,
    issuedAt: '2026-01-10T09:00:00Z',
  },
  premium: { active: true, excluded: false, canRequest: false, request: null },
};
const receiptsOff: ReceiptSettings = {
  digitalReceipt: false,
  voucherMode: 'paper',
  pending: { digitalReceipt: true, voucherMode: 'paper', effectiveAt: '2026-11-27T23:00:00.000Z' },
  cardNumber: '•••• 0021',
};

/** The customer area's dashboard and the profile menu's "Servizi" and "Aiuto" (spec section 2, decision 070). */
describe('profile menu', () => {
  it('the dashboard names every page with its line of help, and the menu leads to services and help', async () => {
    signedIn();
    mockApi(base);
    renderApp('/profile');
    const main = (await screen.findByRole('heading', { level: 1, name: 'Ciao, Mario' })).parentElement!;
    // no raw text key anywhere on the page (it was "account.menu.selfScanningHelp")
    expect(document.body.textContent).not.toMatch(/account\.(menu|dashboard)\./);
    expect(within(main).getByRole('link', { name: /Spesa self-scanning/ })).toHaveTextContent(
      /leggendo i codici dei prodotti/,
    );
    const nav = screen.getByRole('navigation', { name: 'Area clienti' });
    expect(within(nav).getByRole('link', { name: 'Servizi' })).toHaveAttribute('href', '/profile/services');
    expect(within(nav).getByRole('link', { name: 'Aiuto' })).toHaveAttribute('href', '/profile/help');
    expect(nav).not.toHaveTextContent(/in arrivo/i);
  });

  it('services: delivery, premium card, digital receipt and self-scanning with their state and where to manage them', async () => {
    signedIn();
    mockApi({
      ...base,
      '/loyalty/card': () => ok(premium),
      '/receipts/settings': () => ok(receiptsOff),
      '/smart-cart/stores': () =>
        ok({
          stores: [
            { storeId: 4, name: 'Como' },
            { storeId: 5, name: 'Lecco' },
          ],
        }),
    });
    renderApp('/profile/services');
    expect(await screen.findByRole('heading', { level: 1, name: 'Servizi' })).toBeVisible();
    const service = (name: string) => screen.getByRole('region', { name });

    const delivery = service('Consegna e ritiro');
    expect(await within(delivery).findByText(/Consegna a domicilio: Via Dante 12, Milano/)).toBeVisible();
    expect(
      within(delivery).getByText(/Fascia oraria scelta per il mercoledì 25 novembre 2026/),
    ).toBeVisible();
    expect(
      within(delivery).getByRole('link', { name: 'Gestisci indirizzi e punti vendita' }),
    ).toHaveAttribute('href', '/profile/addresses');

    const card = service('Carta Premium');
    expect(await within(card).findByText('Attiva')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Gestisci la Carta Premium' })).toHaveAttribute(
      'href',
      '/profile/premium',
    );

    const receipts = service('Scontrino digitale');
    expect(await within(receipts).findByText(/Non attivo\. Si attiva il 28\/11\/2026/)).toBeVisible();
    expect(within(receipts).getByRole('link', { name: 'Gestisci lo scontrino digitale' })).toHaveAttribute(
      'href',
      '/profile/receipts/digital',
    );

    const selfScanning = service('Spesa self-scanning');
    expect(await within(selfScanning).findByText('Disponibile in 2 punti vendita')).toBeVisible();
    expect(
      within(selfScanning).getByRole('link', { name: 'Inizia una spesa self-scanning' }),
    ).toHaveAttribute('href', '/self-scanning');
  });

  it('services: a state that cannot be read says so, the others still show', async () => {
    signedIn();
    mockApi({
      ...base,
      '/loyalty/card': () => ok({ card: null, premium: { ...premium.premium, active: false } }),
      '/receipts/settings': () => refusal(1, 'Errore'),
      '/smart-cart/stores': () => ok({ stores: [] }),
    });
    renderApp('/profile/services');
    expect(
      await within(await screen.findByRole('region', { name: 'Scontrino digitale' })).findByText(
        /Non riusciamo a leggere lo stato ora/,
      ),
    ).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Carta Premium' })).getByText(
        /prima collega la tua carta fedeltà/,
      ),
    ).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Spesa self-scanning' })).getByText(
        'Non ancora disponibile nei punti vendita',
      ),
    ).toBeVisible();
  });

  it('help: the customer’s open requests, the contacts and the FAQ', async () => {
    signedIn();
    mockApi({
      ...base,
      '/p/wp-json/ebsn/v1/my_tickets': () =>
        ok({
          tickets: [
            {
              ticket: 'T30-000012',
              ticket_type: 30,
              form_title: 'Reclamo su un ordine',
              created_at: '2026-11-20T10:00:00.000Z',
            },
            {
              ticket: 'T18-000007',
              ticket_type: 18,
              form_title: 'Contatta il servizio clienti',
              created_at: '2026-11-02T10:00:00.000Z',
            },
          ],
        }),
      '/p/wp-json/wp/v2/pages': (url: URL) =>
        url.searchParams.get('slug') === 'faq'
          ? wp([
              page(
                'faq',
                'Domande frequenti',
                '<h2>Ordini</h2><h3>Posso modificare un ordine?</h3><p>Sì, fino alla preparazione.</p>',
                'faq',
              ),
            ])
          : wp([
              page(
                'contatti',
                'Contatti',
                '<h2>Servizio clienti</h2><ul><li>Telefono: 031 000 0000</li></ul>',
              ),
            ]),
    });
    renderApp('/profile/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Aiuto' })).toBeVisible();
    const requests = screen.getByRole('region', { name: 'Le tue richieste aperte' });
    const items = await within(requests).findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(
        /Reclamo su un ordine.*Richiesta n\. T30-000012.*Inviata il 20\/11\/2026.*Aperta/,
      ),
      expect.stringMatching(/Contatta il servizio clienti.*T18-000007.*Inviata il 02\/11\/2026/),
    ]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Contatti' })).toBeVisible();
    expect(screen.getByText(/Telefono: 031 000 0000/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Segnala un problema con un ordine' })).toHaveAttribute(
      'href',
      '/reclamo',
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Domande frequenti' })).toBeVisible();
    expect(screen.getByText('Posso modificare un ordine?')).toBeVisible();
  });

  it('help: without requests it says so', async () => {
    signedIn();
    mockApi({
      ...base,
      '/p/wp-json/ebsn/v1/my_tickets': () => ok({ tickets: [] }),
      '/p/wp-json/wp/v2/pages': () => wpFailure(500, 'internal_server_error', 'Errore interno.'),
    });
    renderApp('/profile/help');
    expect(await screen.findByText('Non hai richieste aperte.')).toBeVisible();
    expect(await screen.findAllByText(/Non riusciamo a mostrare questa parte ora/)).toHaveLength(2);
  });
});
