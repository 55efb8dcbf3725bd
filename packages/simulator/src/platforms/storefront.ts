import { specialOf, type Menu, type Product } from '../menu/model';
import type { SimStore } from '../stores';
import { escapeHtml, html } from './answers';
import type { Answer, Routed } from './types';

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

export interface ProductRoute {
  /** The platform's name in the page's title ('Dutchie'); none for a store's own site. */
  platform?: string;
  /** Whether a product of the day's menu is the one the path names. */
  named(product: Product): boolean;
  /** The store's menu, linked from the page: a path on the simulator. */
  menuPath: string;
  /** What the platform answers for a product it does not have. */
  notFound: Answer;
}

/**
 * A product's page at `store`, where a deal's deep link leads: the product the path names on the
 * day's menu, else the platform's own 'not found'.
 */
export function productRoute(store: SimStore | undefined, route: ProductRoute): Routed {
  return {
    store,
    answer: (context) => {
      const menu = store && context.menuOf(store);
      const product = menu?.products.find((each) => route.named(each));
      if (!store || !menu || !product) return route.notFound;
      const title = [`${product.brand} ${product.name}`, store.name, route.platform];
      return productPage({
        title: title.filter(Boolean).join(' | '),
        storeName: store.name,
        menu,
        product,
        menuUrl: `${context.base}${route.menuPath}`,
      });
    },
  };
}

interface ProductPageOf {
  title: string;
  storeName: string;
  menu: Menu;
  product: Product;
  menuUrl: string;
}

function productPage({ title, storeName, menu, product, menuUrl }: ProductPageOf): Answer {
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
