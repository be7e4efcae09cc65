/**
 * `relay_state_url` (spec section 7): where a finished sign-in goes back to. Only the shop's own paths are
 * accepted: a path starting with one "/" (not "//", not "/\"), or an absolute URL of the shop's own origin,
 * answered as its path. Anything else (another site, a scheme such as javascript:) is refused, so a sign-in
 * can never be turned into a redirect to a stranger's page.
 */
export function shopPathOf(relay: string | undefined, publicUrl: string): string | null {
  const value = (relay ?? '').trim();
  if (value === '') return '/dashboard';
  if (value.length > 500) return null;
  const origin = new URL(publicUrl).origin;
  let url: URL;
  try {
    url = new URL(value, `${origin}/`);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (!value.startsWith('/') && !value.startsWith(`${origin}/`) && value !== origin) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
