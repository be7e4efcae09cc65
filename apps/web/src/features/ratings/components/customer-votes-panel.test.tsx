import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { bodiesTo, mockApi, okAs, SIGNED_IN_USER } from '../../../test/mock-api';
import { categoryTree, makeProduct } from '../../../test/fixtures';
import { makeCheckoutCart } from '../../../test/orders-fixtures';
import { resetAuthState } from '../../../lib/auth-state';

const ok = <T,>(data: T) => okAs(SIGNED_IN_USER, data);
const vote = {
  voteId: 3,
  productId: 7,
  noteTypeId: 1,
  active: false,
  status: 'pending' as const,
  approvalDate: null,
  rating: 4.5,
  title: 'Ottimi',
  comment: '',
  rejectionReason: null,
  createdAt: '2026-11-26T08:00:00Z',
};

/** The product page's customer-votes panel (decision 036): average, stars per row, the vote of a buyer. */
describe('customer-votes panel', () => {
  it('shows the average with one decimal; a buyer votes in half stars, the button waits for a star', async () => {
    sessionStorage.setItem('spesa.loggedIn', 'true');
    resetAuthState();
    const biscuits = makeProduct({ productId: 7, slug: 'frollini-7', name: 'Frollini' });
    const fetchMock = mockApi({
      '/category': () => ok({ categories: categoryTree }),
      '/cart/view': () => ok(makeCheckoutCart()),
      '/products': () => ok(biscuits),
      '/rank/product/:id/rating': () =>
        ok({
          productId: 7,
          total: 2,
          avg: 4.5,
          ratings: [1, 2, 3, 4, 5].map((rating) => ({ rating, numRating: rating >= 4 ? 1 : 0 })),
        }),
      '/rank/product/:id/bought': () => ok({ buyed: true, voteDetails: null }),
      '/rank/product/:id/vote': () => ok({ voteDetails: vote }),
    });
    const { user } = renderApp('/product/frollini-7');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Le valutazioni dei clienti' }),
    ).toBeVisible();
    expect(await screen.findByText('4,5 su 5')).toBeInTheDocument();
    expect(screen.getByLabelText('5 stelle: 1 voti')).toBeInTheDocument();
    const button = await screen.findByRole('button', { name: 'Vota' });
    expect(button).toBeDisabled();
    // a click on the half star (MUI's pointer hover has no layout to measure in the test DOM)
    // every choice is read in Italian, the one without stars too (MUI's default reads "Empty")
    expect(screen.getByRole('radio', { name: 'Nessuna stella' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '1 stella' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /empty/i })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '4,5 stelle' }));
    await user.type(screen.getByLabelText('Titolo (facoltativo)'), 'Ottimi');
    expect(button).toBeEnabled();
    await user.click(button);
    await waitFor(() =>
      expect(bodiesTo(fetchMock, '/rank/product/7/vote')).toEqual([
        { rating: 4.5, title: 'Ottimi', comment: '' },
      ]),
    );
  });
});
