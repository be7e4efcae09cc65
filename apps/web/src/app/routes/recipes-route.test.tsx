import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { WpPost, WpPostWithNeighbours } from '@spesa/shared/contracts/content';
import { renderApp } from '../../test/render-app';
import { mockApi, wp, wpFailure } from '../../test/mock-api';

/** A recipe as the content system answers it: a WordPress post object, the shop's fields under `acf`. */
function recipe(slug: string, title: string, acf: Partial<WpPost['acf']> = {}): WpPost {
  const course = acf.terms?.portata?.[0] ?? 'primi';
  return {
    id: slug.length,
    date: '2026-11-20T09:00:00',
    date_gmt: '2026-11-20T08:00:00',
    modified: '2026-11-20T09:00:00',
    modified_gmt: '2026-11-20T08:00:00',
    slug,
    status: 'publish',
    type: 'ricette',
    link: `/ricette/${slug}`,
    title: { rendered: title },
    content: { rendered: '<p>Testo</p>', protected: false },
    excerpt: { rendered: `Riassunto di ${title}`, protected: false },
    featured_media: 0,
    portata: [course === 'dolci' ? 4 : 1],
    acf: {
      img: null,
      terms: { portata: [course] },
      fields: { difficolta: 'facile', tempo: '30', vegetariana: 'si' },
      ...acf,
    },
  };
}

const RISOTTO = recipe('risotto-alla-milanese', 'Risotto alla milanese', {
  fields: { difficolta: 'media', tempo: '40', vegetariana: 'no' },
});
const TORTA = recipe('torta-di-mele', 'Torta di mele', { terms: { portata: ['dolci'] } });

async function dismissCookies(user: ReturnType<typeof renderApp>['user']) {
  const banner = await screen.findByRole('region', { name: 'Rispettiamo la tua privacy' });
  await user.click(within(banner).getByRole('button', { name: 'Rifiuta' }));
}

describe('/ricette', () => {
  it('lists the recipes and asks the server for the course and filters chosen', async () => {
    const asked: string[] = [];
    mockApi({
      '/p/wp-json/spesa/v1/posts/:type': (url: URL) => {
        asked.push(url.search);
        const easy = url.searchParams.get('filters') === 'difficolta:facile';
        const posts = easy ? [TORTA] : [RISOTTO, TORTA];
        return wp(posts, { total: posts.length, totalPages: 1 });
      },
    });
    const { user } = renderApp('/ricette');
    await dismissCookies(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ricette' })).toBeVisible();
    const risotto = await screen.findByRole('link', { name: 'Risotto alla milanese' });
    expect(risotto).toHaveAttribute('href', '/ricette/risotto-alla-milanese');
    expect(screen.getByText('2 ricette')).toBeVisible();
    expect(screen.getByText('40 minuti')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Solo facili' }));
    await waitFor(() => expect(screen.getByText('1 ricetta')).toBeVisible());
    expect(screen.queryByRole('link', { name: 'Risotto alla milanese' })).toBeNull();
    expect(asked.at(-1)).toContain('filters=difficolta%3Afacile');
    await user.click(screen.getByRole('link', { name: 'Dolci' }));
    await waitFor(() => expect(asked.at(-1)).toContain('term=dolci'));
    expect(screen.getByRole('link', { name: 'Dolci' })).toHaveAttribute('aria-current', 'true');
  });
});

describe('/ricette/:slug', () => {
  it('shows the recipe, its facts and the links to the older and newer recipe', async () => {
    const post: WpPostWithNeighbours = {
      ...RISOTTO,
      content: {
        rendered: '<h2>Ingredienti (4 persone)</h2><ul><li>320 g di riso</li></ul>',
        protected: false,
      },
      previous: {
        slug: 'torta-di-mele',
        link: '/ricette/torta-di-mele',
        title: { rendered: 'Torta di mele' },
      },
      next: null,
    };
    mockApi({
      '/p/wp-json/spesa/v1/posts/:type/:slug': (url: URL) =>
        url.pathname.endsWith('/ricette/risotto-alla-milanese')
          ? wp(post)
          : wpFailure(
              404,
              'rest_post_invalid_slug',
              'Il contenuto richiesto non esiste o non è più disponibile.',
            ),
    });
    const { user } = renderApp('/ricette/risotto-alla-milanese');
    await dismissCookies(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Risotto alla milanese' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Ingredienti (4 persone)' })).toBeVisible();
    expect(screen.getByText('Media difficoltà')).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Altre ricette' });
    expect(within(nav).getByRole('link', { name: /Torta di mele/ })).toHaveAttribute(
      'href',
      '/ricette/torta-di-mele',
    );
  });
});
