import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ToastStack } from './toast-stack';

describe('ToastStack', () => {
  it('takes a leaving toast out of the tab order and the accessibility tree (inert, not aria-hidden)', () => {
    render(
      <ToastStack
        toasts={[
          { id: 1, message: 'Accesso effettuato', severity: 'success', duration: 4000, leaving: true },
          { id: 2, message: 'Prodotto aggiunto', severity: 'info', duration: 4000 },
        ]}
      />,
    );
    const [leaving, shown] = screen.getAllByTestId('toast');
    expect(leaving).toHaveAttribute('inert');
    expect(leaving).not.toHaveAttribute('aria-hidden');
    expect(shown).not.toHaveAttribute('inert');
  });
});
