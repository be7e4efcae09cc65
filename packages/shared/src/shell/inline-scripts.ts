/**
 * The two scripts written inline into the shop's index.html by the web app's build (apps/web/vite.config.ts).
 * The API's Content-Security-Policy allows exactly these texts by their SHA-256 hashes (app.ts), and no other
 * inline script. Plain ES5, no module: they run while the page is parsed.
 */

/** Where the web app stores the cookie choice (localStorage; apps/web/src/lib/cookie-consent.ts). */
export const COOKIE_PREFERENCES_KEY = 'spesa.cookiePreferences';

/**
 * Right after the cookie banner that the HTML paints on its own (decision 024): it removes the banner when a
 * choice is already stored (the same check as the web app's `readCookiePreferences`), and keeps a choice made
 * before the app's banner took its place on the slot (`data-choice`: accept, reject or customise) for the app
 * to apply.
 */
export const COOKIE_BANNER_SCRIPT = [
  '(function () {',
  "  var slot = document.getElementById('cookie-consent');",
  '  var banner = slot && slot.firstElementChild;',
  '  if (!banner) return;',
  '  try {',
  `    var stored = JSON.parse(localStorage.getItem('${COOKIE_PREFERENCES_KEY}') || 'null');`,
  "    if (stored && typeof stored.uuid === 'string' && typeof stored.saveDate === 'string') {",
  '      slot.removeChild(banner);',
  '      return;',
  '    }',
  '  } catch (e) {}',
  "  banner.addEventListener('click', function (event) {",
  "    var button = event.target.closest && event.target.closest('button[data-choice]');",
  '    if (!button) return;',
  "    var choice = button.getAttribute('data-choice');",
  "    slot.setAttribute('data-choice', choice);",
  "    if (choice !== 'customise') banner.hidden = true;",
  '  });',
  '})();',
].join('\n');

/**
 * At the end of the body, with the entry module and the modules it imports in `data-entry` and
 * `data-modules`: asks for them (module preloads, then the entry's module script) once the page's first
 * contentful paint is reported (its Paint Timing entry; after the next frame where the browser has none), at
 * once in a hidden tab (it paints nothing), and at the latest 500 ms after the HTML. Asked for in the HTML's
 * head, a fast network delivered the entry and its libraries before the browser's first rendering
 * opportunity, and the page painted its HTML (header, first view, cookie banner) only after they were
 * compiled and evaluated (decision 021).
 */
export const START_APP_SCRIPT = [
  '(function () {',
  '  var self = document.currentScript;',
  "  var entry = self && self.getAttribute('data-entry');",
  '  if (!entry) return;',
  "  var modules = (self.getAttribute('data-modules') || '').split(' ');",
  '  var started = false;',
  '  function add(tag, props) {',
  '    var element = document.createElement(tag);',
  "    element.crossOrigin = '';",
  '    for (var key in props) element[key] = props[key];',
  '    document.head.appendChild(element);',
  '  }',
  '  function start() {',
  '    if (started) return;',
  '    started = true;',
  "    for (var i = 0; i < modules.length; i++) if (modules[i]) add('link', { rel: 'modulepreload', href: modules[i] });",
  "    add('script', { type: 'module', src: entry });",
  '  }',
  "  if (document.visibilityState === 'hidden') return start();",
  '  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;',
  "  if (types && types.indexOf('paint') >= 0) {",
  '    new PerformanceObserver(function (list) {',
  '      var entries = list.getEntries();',
  "      for (var i = 0; i < entries.length; i++) if (entries[i].name === 'first-contentful-paint') setTimeout(start, 0);",
  "    }).observe({ type: 'paint', buffered: true });",
  '  } else {',
  '    requestAnimationFrame(function () {',
  '      setTimeout(start, 0);',
  '    });',
  '  }',
  '  setTimeout(start, 500);',
  '})();',
].join('\n');
