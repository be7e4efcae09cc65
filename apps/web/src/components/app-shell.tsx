import { PageLoading } from './page-loading';

/**
 * The first view the server wrote into the HTML's shell for this page (decisions 022, 060: the home's first
 * banner, a product's image, a content page's text, a leaflet's first page), taken before React's first render
 * clears the root.
 */
const serverView = typeof document === 'undefined' ? null : document.querySelector('.shell > .shell-view');

/** Puts the server's first view back into the shell React renders: the same element, painted, not a copy. */
function keepServerView(slot: HTMLDivElement | null) {
  if (slot && serverView && serverView.parentNode !== slot) slot.appendChild(serverView);
}

/**
 * The app shell of index.html (header bar with the logo), rendered by the router while the lazy layout
 * loads, so the first paint of the HTML stays on screen instead of blinking to a bare spinner.
 * Keep the markup in step with index.html (styles there, inline); it keeps the server's first view.
 * The cookie banner is not here: it is a React root of its own (main.tsx), painted before the router starts.
 */
export function AppShell() {
  return (
    <>
      <div className="shell" aria-hidden="true" inert>
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
        {serverView ? <div ref={keepServerView} /> : null}
      </div>
      <PageLoading />
    </>
  );
}
