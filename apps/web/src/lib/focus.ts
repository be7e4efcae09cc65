/**
 * Putting the focus back where a keyboard user can go on from, after an action removed the element that had
 * it (decision 069). Plain DOM: used by the layout's skip links and by dialogs that close on success.
 */

/** Whether the focus has fallen to the page itself (its element was removed or hidden). */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active === document.documentElement;
}

/**
 * Moves the focus to the first of `selector`'s elements that is shown (the header's buttons have a phone and
 * a desktop variant). Answers whether one took it.
 */
export function focusFirstShown(selector: string): boolean {
  for (const el of document.querySelectorAll<HTMLElement>(selector)) {
    if (el.getClientRects().length === 0) continue;
    el.focus();
    return document.activeElement === el;
  }
  return false;
}

/**
 * When the focus falls to the page within `timeoutMs`, moves it to the first shown element of `selector` as
 * soon as there is one (the header's account button after a sign-in: rendered once the session is read and
 * its chunk has arrived). Leaves the focus alone while something else holds it.
 */
export function focusWhenShown(selector: string, timeoutMs = 5000): void {
  const until = Date.now() + timeoutMs;
  const tick = () => {
    if (focusIsLost() && focusFirstShown(selector)) return;
    if (document.activeElement?.matches(selector)) return;
    if (Date.now() < until) setTimeout(tick, 50);
  };
  setTimeout(tick, 0);
}
