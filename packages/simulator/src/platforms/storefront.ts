import { specialOf, type Menu, type Product } from '../menu/model';
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

export interface ProductPageOf {
  /** The page's title, as the platform titles a product ('Proper Jealousy | Dutchie'). */
  title: string;
  storeName: string;
  menu: Menu;
  product: Product;
  /** The store's menu on the platform, linked from the page. */
  menuUrl: string;
}

/**
 * A product's page at a store, as a visitor who follows a deal's link sees it: its name, brand,
 * sizes and prices (a sale price with the regular one struck), the special it is under, and a
 * link back to the store's menu; server-rendered, behind the same 21+ notice as the store page.
 */
export function productPage({ title, storeName, menu, product, menuUrl }: ProductPageOf): Answer {
  const special = specialOf(menu, product);
  const sizes = product.sizes
    .map((size) => {
      const regular = `$${size.price.toFixed(2)}`;
      const price =
        size.sale === undefined
          ? regular
          : `<del>${regular}</del> <ins>$${size.sale.toFixed(2)}</ins>`;
      return `\n          <li><span class="size">${escapeHtml(size.label)}</span> <span class="price">${price}</span></li>`;
    })
    .join('');
  return html(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(title)}</title>
  </head>
  <body>
    <p class="age-notice">You must be 21 or older, or a Missouri medical patient, to buy.</p>
    <main class="product">
      <p class="store">${escapeHtml(storeName)}</p>
      <h1>${escapeHtml(product.name)}</h1>
      <p class="brand">${escapeHtml(product.brand)}</p>${
        special ? `\n      <p class="special">${escapeHtml(special.name)}</p>` : ''
      }
      <ul class="sizes">${sizes}
      </ul>
      <a href="${escapeHtml(menuUrl)}">Back to the menu</a>
    </main>
  </body>
</html>
`);
}
