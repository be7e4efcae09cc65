import type { MouseEvent, ReactNode } from 'react';
import { focusFirstShown } from '../lib/focus';

/** Where "Vai al carrello" leads: the header's cart button (a phone and a desktop variant before it loads). */
export const CART_BUTTON_SELECTOR = '.site-header .cart-button, .site-header a[href="/cart"]';

/**
 * A skip link (decision 069): shown only while it has the keyboard's focus (shell.css), it moves the focus to
 * the first shown element of `target` (a CSS selector). Without one it follows `href`.
 */
export function SkipLink({
  href,
  target,
  className = 'skip-link',
  children,
}: {
  href: string;
  target: string;
  className?: string;
  children: ReactNode;
}) {
  const jump = (e: MouseEvent<HTMLAnchorElement>) => {
    if (focusFirstShown(target)) e.preventDefault();
  };
  return (
    <a className={className} href={href} onClick={jump}>
      {children}
    </a>
  );
}
