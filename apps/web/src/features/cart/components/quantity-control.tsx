import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useQueryClient } from '@tanstack/react-query';
import type { Product } from '@spesa/shared/contracts/catalogue';
import {
  boxQuantity,
  firstQuantity,
  formatQuantity,
  logisticCounts,
  minus,
  plus,
  refusalMessage,
  typedQuantity,
  validateQuantity,
  type QuantityRefusal,
} from '@spesa/shared/cart/quantity';
import '../i18n';
import { CART_IMMEDIATE_MODE } from '../../../lib/config';
import { useAuth } from '../../../lib/use-auth';
import { useCart } from '../api/get-cart';
import { askQuantity } from '../hooks/cart-ui-store';
import { changeLineQuantity } from '../hooks/line-change';
import { requestAdd } from '../hooks/pending-add';
import { hasOptions, linesOf, rulesOf } from '../utils/cart-lines';
import './quantity-control.css';

interface QuantityControlProps {
  product: Product;
  /** larger buttons on the product page */
  size?: 'card' | 'page';
  /** immediate mode (configured default): a change goes straight to the cart */
  immediate?: boolean;
}

function CartPlusIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M11 9h2V6h3V4h-3V1h-2v3H8v2h3zm-4 9c-1.1 0-1.99.9-1.99 2S5.9 22 7 22s2-.9 2-2-.9-2-2-2m10 0c-1.1 0-1.99.9-1.99 2s.89 2 1.99 2 2-.9 2-2-.9-2-2-2m-9.83-3.25.03-.12.9-1.63h7.45c.75 0 1.41-.41 1.75-1.03l3.86-7.01L19.42 4h-.01l-1.1 2-2.76 5H8.53l-.13-.27L6.16 6l-.95-2-.94-2H1v2h2l3.6 7.59-1.35 2.45c-.16.28-.25.61-.25.96 0 1.1.9 2 2 2h12v-2H7.42c-.13 0-.25-.11-.25-.25" />
    </svg>
  );
}

function BoxIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M20.54 5.23 19.15 3.55C18.88 3.21 18.47 3 18 3H6c-.47 0-.88.21-1.16.55L3.46 5.23C3.17 5.57 3 6.02 3 6.5V19c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V6.5c0-.48-.17-.93-.46-1.27M12 17.5 6.5 12H10v-2h4v2h3.5zM5.12 5l.81-1h12l.94 1z" />
    </svg>
  );
}

/**
 * The quantity control of spec sections 2 and 4: minus, value with unit, plus or add-to-cart, and the box
 * button. Steps come from the shared quantity module (the same rules the server applies); a step the rules
 * refuse is explained under the control without calling, any other change goes to the server, whose
 * answer replaces the cart and whose messages are shown. Going down to 0 asks confirmation. The value
 * opens manual entry for Pezzo and Confezione. Plain elements and one CSS file: cards mount many of them.
 * Outside immediate mode the buttons change a local quantity and "Aggiungi" sends it.
 */
export function QuantityControl({
  product,
  size = 'card',
  immediate = CART_IMMEDIATE_MODE,
}: QuantityControlProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { status } = useAuth();
  const cart = useCart(status === 'authenticated');
  const rules = useMemo(() => rulesOf(product), [product]);
  const lines = linesOf(cart.data, product.productId);
  const withOptions = hasOptions(product);
  // a product with options may have several lines: the card adds, the cart page changes each line
  const line = !withOptions && immediate ? lines[0] : undefined;
  const inCart = lines.reduce((sum, l) => sum + l.quantity, 0);
  const [local, setLocal] = useState(() => firstQuantity(rules));
  const [refusal, setRefusal] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const name = product.name;
  const typed = rules.sellingType !== 'Sfuso';

  // what the cart holds is announced when the server's answer changes it
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (status !== 'authenticated' || cart.data === undefined) return;
    if (shown.current !== null && shown.current !== inCart)
      setAnnouncement(
        inCart > 0
          ? t('qty.inCart', { name, quantity: formatQuantity(rules, inCart) })
          : t('qty.notInCart', { name }),
      );
    shown.current = inCart;
  }, [inCart, status, cart.data, name, rules, t]);

  // the focused button may leave (add -> minus/plus, minus -> add): the focus moves to the new main button
  const root = useRef<HTMLDivElement>(null);
  const hadFocus = useRef(false);
  const mode = line ? 'line' : 'add';
  useLayoutEffect(() => {
    const el = root.current;
    if (!el || !hadFocus.current) return;
    if (!el.contains(document.activeElement))
      el.querySelector<HTMLButtonElement>(mode === 'line' ? '.qc-plus' : '.qc-add')?.focus();
  }, [mode]);

  const explain = (r: QuantityRefusal) => setRefusal(refusalMessage(rules, r).text);

  async function change(next: number) {
    setRefusal(null);
    if (!line) return;
    const refused = await changeLineQuantity(queryClient, line, next);
    if (refused) explain(refused);
  }

  async function add(quantity: number) {
    setRefusal(null);
    const check = validateQuantity(rules, quantity, { available: product.available });
    if (!check.ok) {
      explain(check.refusal);
      return;
    }
    await requestAdd(queryClient, product, check.quantity);
  }

  const current = line ? line.quantity : local;
  const onMinus = () => {
    const step = minus(rules, current);
    if (step.refusal) return explain(step.refusal);
    if (line) return void change(step.quantity);
    setRefusal(null);
    setLocal(Math.max(step.quantity, firstQuantity(rules)));
  };
  const onPlus = () => {
    const next = plus(rules, current);
    if (line) return void change(next);
    const check = validateQuantity(rules, next, { available: product.available });
    if (!check.ok) return explain(check.refusal);
    setRefusal(null);
    setLocal(next);
  };
  const onType = async () => {
    const value = await askQuantity(product, current);
    if (value === null) return;
    const q = typedQuantity(rules, value);
    if (line) return change(q);
    if (q > 0) setLocal(q);
  };

  const valueText = formatQuantity(rules, current);
  const counts = logisticCounts(rules, current);
  const box = rules.boxEnabled ? boxQuantity(rules, line ? line.quantity : 0) : null;
  const pressed = (fn: () => unknown) => () => void fn();

  return (
    <div
      ref={root}
      className={size === 'page' ? 'qc qc--page' : 'qc'}
      data-testid="quantity-control"
      onFocus={() => (hadFocus.current = true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) hadFocus.current = false;
      }}
    >
      <div className="qc-row">
        {line || !immediate ? (
          <div
            className="qc-stepper"
            role="group"
            aria-label={line ? t('qty.group', { name }) : t('qty.groupLocal', { name })}
          >
            <button
              type="button"
              className="qc-btn qc-minus"
              onClick={onMinus}
              aria-label={
                line && minus(rules, current).quantity === 0
                  ? t('qty.removeLabel', { name })
                  : t('qty.minusLabel', { name })
              }
            >
              <span aria-hidden="true">−</span>
            </button>
            {typed ? (
              <button
                type="button"
                className="qc-value"
                onClick={pressed(onType)}
                aria-haspopup="dialog"
                aria-label={t('qty.valueLabel', { name, quantity: valueText })}
              >
                {valueText}
              </button>
            ) : (
              <span className="qc-value" aria-label={t('qty.valueReadonly', { name, quantity: valueText })}>
                {valueText}
              </span>
            )}
            <button
              type="button"
              className="qc-btn qc-plus"
              onClick={onPlus}
              aria-label={t('qty.plusLabel', { name })}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
        ) : null}
        {!line ? (
          <button
            type="button"
            className="qc-add"
            onClick={pressed(() => add(immediate ? firstQuantity(rules) : local))}
            aria-haspopup={withOptions || product.warehousePromo?.selectable ? 'dialog' : undefined}
            aria-label={
              immediate ? t('qty.addLabel', { name }) : t('qty.addAmountLabel', { name, quantity: valueText })
            }
          >
            <CartPlusIcon />
            {t('qty.add')}
          </button>
        ) : null}
        {box !== null ? (
          <button
            type="button"
            className="qc-btn qc-box"
            onClick={pressed(() => add(box))}
            aria-label={t('qty.boxLabel', { count: box, name })}
            title={t('qty.boxLabel', { count: box, name })}
          >
            <BoxIcon />
          </button>
        ) : null}
      </div>
      {withOptions && inCart > 0 ? (
        <p className="qc-note">{t('qty.inCartShort', { quantity: formatQuantity(rules, inCart) })}</p>
      ) : null}
      {line && (counts.colli !== null || counts.pallets !== null) ? (
        <p className="qc-note">
          {[
            counts.colli !== null ? t('qty.colli', { count: counts.colli }) : null,
            counts.pallets !== null ? t('qty.pallets', { count: counts.pallets }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
      <p className="qc-refusal" role="status" aria-live="polite">
        {refusal}
      </p>
      <p className="qc-sr" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
