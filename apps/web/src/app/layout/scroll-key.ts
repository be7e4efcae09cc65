/**
 * Every page opened by a full load (a typed address, the payment provider sending the browser back) has the
 * history key 'default': keyed by it, a new page would open at the scroll position of another one. Those
 * entries are keyed by their address instead; entries the router pushed keep their own key.
 */
export function scrollKey(location: { key: string; pathname: string; search: string }): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}
