import {
  potencyOf,
  specialOf,
  type Menu,
  type Product,
  type SizePrice,
  type Special,
} from '../../menu/model';
import { dollars, percentSaved } from '../../menu/wording';
import { numberId } from '../../random';
import type { WeeklyHours } from '@stl-deals/domain';
import { openingHoursJsonLd } from '../hours-forms';
import { escapeHtml } from '../answers';

/**
 * How a site's theme lays out a product: 'cards' put the name in a heading over the price line;
 * 'tiles' (WooCommerce and Elementor loops) lead with the price row and its badge ('$25.50 $51
 * 50% off') and put the name's heading below it.
 */
export type ProductLayout = 'cards' | 'tiles';

/** Each store's theme, the same on every run: about half the stores use each layout. */
export const productLayoutOf = (storeKey: string): ProductLayout =>
  numberId(0, 1, 'html-layout', storeKey) === 0 ? 'cards' : 'tiles';

/** Ordinary products the page shows at their shelf price, as a homepage does. */
const POPULAR_PRODUCTS = 4;

/**
 * The neutral menu as a dispensary's own WordPress-style specials page: the week's specials,
 * featured products on special, and a few popular products at their shelf price, between the
 * site's furniture (age gate, top bar, navigation, footer with address and hours). The html
 * adapter must emit the specials and featured products, never the furniture, and never a
 * product whose only figure is its ordinary price.
 */
export function specialsPage(
  menu: Menu,
  pageUrl: string,
  layout: ProductLayout = productLayoutOf(menu.store.key),
  hours?: WeeklyHours,
  phone?: string,
): string {
  const { name, address } = menu.store;
  const featured = menu.products.filter((product) => product.specialId !== undefined);
  const popular = menu.products
    .filter((product) => product.specialId === undefined)
    .slice(0, POPULAR_PRODUCTS);
  const card = layout === 'cards' ? productCard : productTile;
  return `<!doctype html>
<html lang="en-US">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Weekly Specials - ${escapeHtml(name)}</title>
    <link rel="canonical" href="${escapeHtml(pageUrl)}" />${
      hours ? `\n    ${openingHoursJsonLd(name, hours, phone)}` : ''
    }
    <style>
      .site-logo img { max-height: 60px; } /* logo height */
      .special-card, .product-card { border: 1px solid #ddd; padding: 1rem; }
    </style>
  </head>
  <body class="page-template-default page">
    <div id="age-gate" class="age-gate-wrapper" role="dialog" aria-modal="true">
      <h2>Are you 21 or older?</h2>
      <button type="button" class="age-gate-yes">Yes, I'm 21+</button>
      <button type="button" class="age-gate-no">No</button>
    </div>
    <div class="top-bar">Order online for pickup &nbsp;|&nbsp; Free parking &nbsp;|&nbsp; Cannabis 101</div>
    <header class="site-header">
      <a class="site-logo" href="/">${escapeHtml(name)}</a>
      <nav aria-label="Site Navigation">
        <ul class="main-menu">
          <li><a href="/">Home</a></li>
          <li><a href="/shop/">Shop Online</a></li>
          <li><a href="${escapeHtml(pageUrl)}">Specials</a></li>
          <li><a href="/cannabis-101/">Cannabis 101</a></li>
          <li><a href="/contact/">Contact</a></li>
        </ul>
      </nav>
    </header>
    <main id="main" class="site-main">
      <h1>Weekly Specials</h1>
      <p>Prices shown before the 6% state and 3% local marijuana tax. While supplies last.</p>
      <section class="specials">
        <h2>This Week</h2>${menu.specials.map(specialCard).join('')}
      </section>
      <section class="featured-deals">
        <h2>Featured Deals</h2>${featured.map((product) => card(menu, product, pageUrl)).join('')}
      </section>
      <section class="popular-products">
        <h2>Popular Right Now</h2>${popular.map((product) => card(menu, product, pageUrl)).join('')}
      </section>
    </main>
    <footer class="site-footer">
      <section class="widget">
        <h2>Visit Us</h2>
        <p>${escapeHtml(address ?? 'St. Louis, MO')}<br />hello@${escapeHtml(menu.store.key)}.example</p>
      </section>
      <section class="widget">
        <h2>Store Hours</h2>
        <p>Mon–Sat 9am–8pm<br />Sun 10am–6pm</p>
      </section>
      <div class="small-footer">© 2026 ${escapeHtml(name)}. Find your location.</div>
    </footer>
  </body>
</html>
`;
}

function specialCard(special: Special): string {
  const ends = special.endsAt
    ? `\n          <p class="special-ends">Ends ${special.endsAt.slice(0, 10)}</p>`
    : '';
  return `
        <article class="special-card" id="special-${special.id}">
          <h3>${escapeHtml(special.name)}</h3>
          <p>${escapeHtml(special.description)}</p>${ends}
        </article>`;
}

/** The size a product card shows: the first one on sale, else its first. */
const shownSize = (product: Product): SizePrice | undefined =>
  product.sizes.find((each) => each.sale !== undefined) ?? product.sizes[0];

/**
 * A product as a card: its name, its size and one line with the price and the special (when it
 * has one), so the card holds a single deal text (a second one would split it into two deals).
 */
function productCard(menu: Menu, product: Product, pageUrl: string): string {
  const special = specialOf(menu, product);
  const size = shownSize(product);
  if (!size) return '';
  const price =
    size.sale === undefined
      ? `<span class="price">${dollars(size.price)}</span>`
      : `<ins class="sale-price">${dollars(size.sale)}</ins> <del>${dollars(size.price)}</del>`;
  const named = special ? ` · ${escapeHtml(special.name)}` : '';
  return `
        <div class="product-card" id="${escapeHtml(product.slug)}">${imageOf(product)}
          <h3><a href="${escapeHtml(linkOf(product, pageUrl))}">${escapeHtml(`${product.brand} ${product.name}`)}</a></h3>
          <p class="size">${escapeHtml(sizeText(product, size))}</p>
          <p class="price">${price}${named}</p>
        </div>`;
}

/**
 * A product as a tile: the price row first (the sale price, the regular one struck through and
 * a badge with the saving), then the product's name and a line with its size and the special's
 * name. The name is the deal's title, never the price row.
 */
function productTile(menu: Menu, product: Product, pageUrl: string): string {
  const special = specialOf(menu, product);
  const size = shownSize(product);
  if (!size) return '';
  const price =
    size.sale === undefined
      ? `<span class="amount">${dollars(size.price)}</span>`
      : `<ins class="amount">${dollars(size.sale)}</ins> <del class="amount">${dollars(size.price)}</del>`;
  const saved = percentSaved(size);
  const badge =
    saved !== undefined
      ? `${saved}% off`
      : special?.saving.kind === 'bogo' || special?.saving.kind === 'bundle'
        ? special.label
        : undefined;
  const badgeHtml = badge ? ` <span class="onsale-badge">${escapeHtml(badge)}</span>` : '';
  const about = [sizeText(product, size), special?.name].filter(Boolean).join(' · ');
  return `
        <div class="product-tile" id="${escapeHtml(product.slug)}">${imageOf(product)}
          <div class="tile-price">${price}${badgeHtml}</div>
          <h3 class="tile-title"><a href="${escapeHtml(linkOf(product, pageUrl))}">${escapeHtml(`${product.brand} ${product.name}`)}</a></h3>
          <p class="tile-meta">${escapeHtml(about)}</p>
        </div>`;
}

/** '3.5g · Indica · THC 24.1%', '100mg · 100mg THC': what a specials page's card says. */
const sizeText = (product: Product, size: SizePrice) =>
  [size.label, product.strainType, potencyText(product, size)].filter(Boolean).join(' · ');

function potencyText(product: Product, size: SizePrice): string | undefined {
  const { thc, cbd } = potencyOf(product, size);
  const said = (name: string, potency: { min: number; max: number; unit: string } | undefined) => {
    if (!potency) return undefined;
    const figure = potency.min === potency.max ? `${potency.min}` : `${potency.min}-${potency.max}`;
    return potency.unit === '%' ? `${name} ${figure}%` : `${figure}mg ${name}`;
  };
  return [said('THC', thc), said('CBD', cbd)].filter(Boolean).join(' · ') || undefined;
}

const linkOf = (product: Product, pageUrl: string) => `${pageUrl}#${product.slug}`;

const imageOf = (product: Product) =>
  product.imageUrl
    ? `\n          <img src="${escapeHtml(product.imageUrl)}" alt="${escapeHtml(product.name)}" />`
    : '';
