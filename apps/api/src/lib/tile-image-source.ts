/**
 * Where the browser fetches the tiles from, as a Content-Security-Policy img-src source: the tile address's
 * scheme and host, its subdomain placeholder ({s}) a wildcard ("https://*.tile.example.org").
 */
export function tileImageSource(tileUrl: string): string {
  const match = /^(https?:\/\/[^/?#]+)/i.exec(tileUrl);
  if (!match?.[1]) throw new Error(`not a tile address: ${tileUrl}`);
  return match[1].replace(/\{[^}]*\}/g, '*');
}
