import { escapeHtml, html } from './answers';
import type { Answer } from './types';

export interface Storefront {
  title: string;
  /** Extra markup for the head (a platform's settings blocks). */
  head?: string;
  /** The body of an async function that loads the menu's JSON; it may call `getJson(url, init)`. */
  loader: string;
}

/**
 * The store page a visitor opens, as the capturing platforms render it: a 21+ dialog, and a menu
 * that loads the platform's JSON by script once the visitor says they are 21 or older. The browser
 * transport must pass the gate and capture those JSON answers; plain http sees no menu at all.
 */
export function storefrontPage({ title, head = '', loader }: Storefront): Answer {
  return html(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(title)}</title>${head}
  </head>
  <body>
    <div id="age-gate" class="age-gate-modal" role="dialog" aria-modal="true">
      <h2>Are you 21 or older?</h2>
      <p>You must be 21 or older, or a Missouri medical patient, to view this menu.</p>
      <button type="button" id="age-no">No</button>
      <button type="button" id="age-yes">I am 21 or older</button>
    </div>
    <main id="menu" aria-busy="true">Loading the menu…</main>
    <script>
      const getJson = async (url, init) => (await fetch(url, init)).json();
      async function loadMenu() {
${loader}
      }
      const menu = document.getElementById('menu');
      document.getElementById('age-no').addEventListener('click', () => {
        location.href = 'about:blank';
      });
      document.getElementById('age-yes').addEventListener('click', () => {
        document.getElementById('age-gate').remove();
        loadMenu().then(
          () => { menu.textContent = 'Menu loaded'; menu.removeAttribute('aria-busy'); },
          (error) => { menu.textContent = 'The menu failed to load: ' + error.message; },
        );
      });
    </script>
  </body>
</html>
`);
}
