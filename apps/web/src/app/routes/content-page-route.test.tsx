import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { WpPage } from '@spesa/shared/contracts/content';
import { renderApp } from '../../test/render-app';
import { mockApi, wp } from '../../test/mock-api';

function wpPage(over: Partial<WpPage> & Pick<WpPage, 'slug'>): WpPage {
  return {
    id: 1,
    status: 'publish',
    type: 'page',
    link: `/page/${over.slug}`,
    date: '2026-11-01T09:00:00',
    modified: '2026-11-01T09:00:00',
    title: { rendered: 'Titolo' },
    content: { rendered: '<p>Testo</p>' },
    excerpt: { rendered: '' },
    validity_text: '',
    template: 'default',
    form_id: null,
    yoast_head_json: { title: 'Titolo | Spesa', description: 'Descrizione della pagina' },
    ...over,
  };
}

const pageReply = (page: WpPage) => ({
  '/p/wp-json/wp/v2/pages': (url: URL) =>
    url.searchParams.get('slug') === page.slug ? wp([page]) : wp([] as WpPage[]),
});

async function dismissCookies(user: ReturnType<typeof renderApp>['user']) {
  const banner = await screen.findByRole('region', { name: 'Rispettiamo la tua privacy' });
  await user.click(within(banner).getByRole('button', { name: 'Rifiuta' }));
}

describe('/page/:slug', () => {
  it('renders a store page: title, validity, sanitised text with the link rules, SEO description', async () => {
    mockApi(
      pageReply(
        wpPage({
          slug: 'condizioni-generali-di-vendita',
          title: { rendered: 'Condizioni generali di vendita' },
          validity_text: 'In vigore dal 1° novembre 2026',
          content: {
            rendered:
              '<h2>Recesso</h2><p>Vedi le <a href="/shop/page/faq">domande frequenti</a> o il <a href="https://www.garanteprivacy.it">Garante</a>.</p><p onclick="x()">Fine</p><script>alert(1)</script>',
          },
        }),
      ),
    );
    const { user } = renderApp('/page/condizioni-generali-di-vendita');
    await dismissCookies(user);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Condizioni generali di vendita' }),
    ).toBeVisible();
    expect(screen.getByText('In vigore dal 1° novembre 2026')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Recesso' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'domande frequenti' })).toHaveAttribute('href', '/page/faq');
    expect(screen.getByRole('link', { name: /Garante/ })).toHaveAttribute('target', '_blank');
    expect(document.querySelector('script:not([src])')).toBeNull();
    await waitFor(() => expect(document.title).toMatch(/^Condizioni generali di vendita/));
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Descrizione della pagina',
    );
  });

  it('an unknown slug shows the not-found page', async () => {
    mockApi(pageReply(wpPage({ slug: 'privacy' })));
    const { user } = renderApp('/page/non-esiste');
    await dismissCookies(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeVisible();
  });

  it('the FAQ page groups its questions and filters them as the customer types', async () => {
    mockApi(
      pageReply(
        wpPage({
          slug: 'faq',
          title: { rendered: 'Domande frequenti' },
          template: 'faq',
          content: {
            rendered:
              '<h2>Ordini</h2><h3>Posso annullare un ordine?</h3><p>Sì, prima della preparazione.</p>' +
              '<h2>Consegna</h2><h3>Quanto costa la consegna?</h3><p>Dipende dalla zona.</p><h3>Cos’è il Drive?</h3><p>Il ritiro in negozio.</p>',
          },
        }),
      ),
    );
    const { user } = renderApp('/page/faq');
    await dismissCookies(user);
    expect(await screen.findByRole('heading', { level: 2, name: 'Ordini' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Consegna' })).toBeVisible();
    expect(screen.getByText('Posso annullare un ordine?')).toBeVisible();

    await user.type(screen.getByRole('searchbox', { name: 'Cerca tra le domande' }), 'ZONA');
    expect(await screen.findByText('1 domanda trovata')).toBeVisible();
    expect(screen.getByText('Quanto costa la consegna?')).toBeVisible();
    expect(screen.getByText('Dipende dalla zona.')).toBeVisible();
    expect(screen.queryByText('Posso annullare un ordine?')).toBeNull();
    expect(screen.queryByRole('heading', { level: 2, name: 'Ordini' })).toBeNull();

    await user.clear(screen.getByRole('searchbox', { name: 'Cerca tra le domande' }));
    await user.type(screen.getByRole('searchbox', { name: 'Cerca tra le domande' }), 'bonifico');
    expect(await screen.findByText(/Nessuna domanda contiene «bonifico»/)).toBeVisible();
  });

  it('the stores page lists the stores; a page with a form keeps its text around the form seam', async () => {
    mockApi({
      '/p/wp-json/wp/v2/pages': (url: URL) =>
        url.searchParams.get('slug') === 'punti-vendita'
          ? wp([
              wpPage({
                slug: 'punti-vendita',
                title: { rendered: 'I nostri punti vendita' },
                template: 'stores',
                stores: [
                  {
                    storeId: 3,
                    name: 'Spesa Como Centro',
                    address: 'via Milano 12',
                    city: 'Como',
                    province: 'CO',
                    postalcode: '22100',
                    phone: '031 123456',
                  },
                ],
              }),
            ])
          : wp([
              wpPage({
                slug: 'contatti',
                title: { rendered: 'Contatti' },
                form_id: 1,
                content: { rendered: '<p>Scrivici.</p><p>[form id=1]</p><p>Grazie.</p>' },
              }),
            ]),
    });
    const { user, router } = renderApp('/page/punti-vendita');
    await dismissCookies(user);
    const list = await screen.findByRole('region', { name: 'Elenco dei punti vendita' });
    expect(within(list).getByRole('heading', { level: 3, name: 'Spesa Como Centro' })).toBeVisible();
    expect(within(list).getByText('via Milano 12, 22100 Como (CO)')).toBeVisible();
    expect(within(list).getByRole('link', { name: '031 123456' })).toHaveAttribute('href', 'tel:031123456');

    await act(() => router.navigate('/page/contatti'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Contatti' })).toBeVisible();
    expect(screen.getByText('Scrivici.')).toBeVisible();
    expect(screen.getByText('Grazie.')).toBeVisible();
    expect(screen.queryByText(/\[form id=1\]/)).toBeNull();
  });

  it('a video link opens the privacy-enhanced player in a dialog titled with the link text', async () => {
    mockApi(
      pageReply(
        wpPage({
          slug: 'app',
          content: {
            rendered: '<p><a href="https://www.youtube.com/shorts/jNQXAC9IVRw">Guarda il video</a></p>',
          },
        }),
      ),
    );
    const { user } = renderApp('/page/app');
    await dismissCookies(user);
    await user.click(await screen.findByRole('link', { name: /Guarda il video/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Guarda il video' });
    expect(dialog.querySelector('iframe')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/jNQXAC9IVRw?autoplay=1&rel=0',
    );
    expect(dialog.querySelector('iframe')).toHaveAttribute('title', 'Guarda il video');
  });
});
