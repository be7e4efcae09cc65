import { beforeEach, describe, expect, it } from 'vitest';
import type { ResponseStatus } from '@spesa/shared/contracts/envelope';
import { getToasts } from '../../../lib/toast-store';
import { getCartUi, resetCartUi } from '../hooks/cart-ui-store';
import { hasNoMessages, showCartMessages, withLineBreaks } from './cart-messages';

const status = (over: Partial<ResponseStatus> = {}): ResponseStatus => ({
  status: 0,
  errors: [],
  infos: [],
  warnings: [],
  errorsMessage: [],
  infosMessage: [],
  warningsMessage: [],
  ...over,
});

beforeEach(() => resetCartUi());

describe('cart messages (spec section 8)', () => {
  it('the client success text shows only when the three message arrays are empty', () => {
    expect(hasNoMessages(status())).toBe(true);
    showCartMessages(status(), 'Aggiunto al carrello: 1 pz di Latte');
    expect(getToasts().map((t) => [t.severity, t.message, t.duration])).toEqual([
      ['success', 'Aggiunto al carrello: 1 pz di Latte', 3000],
    ]);
  });

  it("with the server's messages the client text is not shown: infos success, warnings warning", () => {
    showCartMessages(
      status({ infosMessage: ['Quantità aggiornata.'], warningsMessage: ['Scorte limitate'] }),
      'Aggiunto al carrello: 1 pz di Latte',
    );
    expect(getToasts().map((t) => [t.severity, t.message])).toEqual([
      ['success', 'Quantità aggiornata.'],
      ['warning', 'Scorte limitate'],
    ]);
  });

  it('codes of showInPopupCode go to the popup, other errors are toasts; \\n becomes a line break', () => {
    showCartMessages(
      status({
        status: 1,
        errors: [
          { error: 'Latte: non disponibile\\nriprova domani', code: 'msg.cart.availability.errors' },
          { error: 'La quantità minima acquistabile è 2 pz', code: 'errors.minAcq' },
        ],
        errorsMessage: ['Latte: non disponibile\\nriprova domani', 'La quantità minima acquistabile è 2 pz'],
      }),
    );
    expect(getCartUi().popup).toEqual(['Latte: non disponibile\nriprova domani']);
    expect(getToasts().map((t) => [t.severity, t.message])).toEqual([
      ['error', 'La quantità minima acquistabile è 2 pz'],
    ]);
    expect(withLineBreaks('a\\nb')).toBe('a\nb');
  });
});
