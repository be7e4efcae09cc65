import { HEADER_BANNER_SIZES, type FirstBanner } from '@spesa/shared/content/first-banner';
import { PageLoading } from './page-loading';

/** The home's first banner the server wrote into the HTML's shell (decision 022), read before React renders. */
function serverHero(): FirstBanner | null {
  const img = document.querySelector<HTMLImageElement>('.shell-hero img');
  const src = img?.getAttribute('src');
  if (!img || !src) return null;
  const mobile = document.querySelector('.shell-hero source')?.getAttribute('srcset');
  return { desktop: src, ...(mobile ? { mobile } : {}), alt: img.alt };
}
const hero = typeof document === 'undefined' ? null : serverHero();

/**
 * The app shell of index.html (header bar with the logo), rendered by the router while the lazy layout
 * loads, so the first paint of the HTML stays on screen instead of blinking to a bare spinner.
 * Keep the markup in step with index.html (styles there, inline); on the home it keeps the server's hero.
 * The cookie banner is not here: it is a React root of its own (main.tsx), painted before the router starts.
 */
export function AppShell() {
  return (
    <>
      <div className="shell" aria-hidden="true">
        <div className="shell-header">
          <div className="shell-bar">
            <span className="shell-logo">
              <svg width="34" height="34" viewBox="0 0 64 64" focusable="false">
                <rect width="64" height="64" rx="14" fill="#1b5e20" />
                <path
                  d="M16 22h34l-4 20H21z"
                  fill="none"
                  stroke="#fff"
                  strokeWidth="4"
                  strokeLinejoin="round"
                />
                <circle cx="24" cy="49" r="3.5" fill="#fff" />
                <circle cx="43" cy="49" r="3.5" fill="#fff" />
                <path d="M16 22l-3-8H8" stroke="#fff" strokeWidth="4" fill="none" strokeLinecap="round" />
                <circle cx="50" cy="16" r="6" fill="#e53935" />
              </svg>
              Spesa
            </span>
          </div>
          <div className="shell-nav" />
        </div>
        {hero ? (
          <div className="shell-hero">
            <picture>
              {hero.mobile ? (
                <source
                  media="(max-width: 599px)"
                  srcSet={hero.mobile}
                  width={HEADER_BANNER_SIZES.mobile[0]}
                  height={HEADER_BANNER_SIZES.mobile[1]}
                />
              ) : null}
              <img
                src={hero.desktop}
                width={HEADER_BANNER_SIZES.desktop[0]}
                height={HEADER_BANNER_SIZES.desktop[1]}
                alt={hero.alt}
                fetchPriority="high"
              />
            </picture>
          </div>
        ) : null}
      </div>
      <PageLoading />
    </>
  );
}
