import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ContentSearchData } from '@spesa/shared/contracts/content';
import { renderApp } from '../../test/render-app';
import { mockApi, wp } from '../../test/mock-api';

describe('/search: pages of the content store', () => {
  it('links the shop pages that match the words, above the products', async () => {
    const found: ContentSearchData = {
      pages: [
        {
          id: 4,
          slug: 'condizioni-generali-di-vendita',
          link: '/page/condizioni-generali-di-vendita',
          date: '2026-11-01T09:00:00',
          modified: '2026-11-01T09:00:00',
          title: { rendered: 'Condizioni generali di vendita' },
          excerpt: { rendered: '' },
        },
      ],
      products: [],
    };
    mockApi({ '/p/wp-json/spesa/v1/search': () => wp(found, { total: 0, totalPages: 0 }) });
    renderApp('/search?q=recesso');
    const nav = await screen.findByRole('navigation', { name: 'Pagine del negozio' });
    expect(within(nav).getByRole('link', { name: 'Condizioni generali di vendita' })).toHaveAttribute(
      'href',
      '/page/condizioni-generali-di-vendita',
    );
  });
});
