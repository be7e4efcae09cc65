import { resolveLink, type ResolvedLink } from '@spesa/shared/content/links';
import { LINK_WHITELIST_HOSTS } from '../../../lib/config';
import { isShopRoute } from '../../../lib/route-paths';

/** The spec's link rules with this shop's configuration (whitelisted hosts, its routes). */
export function resolveShopLink(href: string | null | undefined): ResolvedLink {
  return resolveLink(href, { whitelistHosts: LINK_WHITELIST_HOSTS, isRoute: isShopRoute });
}
