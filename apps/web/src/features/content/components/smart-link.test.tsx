import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { SmartLink } from './smart-link';

function renderLinks() {
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <>
          <SmartLink href="/shop/product/mele">Mele</SmartLink>
          <SmartLink href="https://example.com/ricette">Ricette</SmartLink>
          <SmartLink href="/photo/volantino.jpg">Foto</SmartLink>
          <SmartLink href="https://youtu.be/abcDEF12345">Video ricetta</SmartLink>
        </>
      ),
    },
  ]);
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('SmartLink', () => {
  it('applies the link rules', async () => {
    renderLinks();
    expect(screen.getByRole('link', { name: 'Mele' })).toHaveAttribute('href', '/product/mele');
    const external = screen.getByRole('link', { name: /^Ricette\s*\(si apre in una nuova finestra\)$/ });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Foto' })).toHaveAttribute('href', '/photo/volantino.jpg');

    await userEvent.click(screen.getByRole('link', { name: /Video ricetta/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('iframe')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/abcDEF12345?autoplay=1&rel=0',
    );
  });
});
