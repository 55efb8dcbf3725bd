import { specialOf, type Menu, type Product, type Special } from '../../menu/model';
import { dollars } from '../../menu/wording';
import { escapeHtml } from '../answers';

/**
 * The neutral menu as a dispensary's own WordPress-style specials page: the week's specials and
 * featured products on sale, between the site's furniture (age gate, top bar, navigation,
 * footer with address and hours) that the html adapter must never emit as deals.
 */
export function specialsPage(menu: Menu, pageUrl: string): string {
  const { name, address } = menu.store;
  const featured = menu.products.filter((product) => product.specialId !== undefined);
  return `<!doctype html>
<html lang="en-US">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Weekly Specials - ${escapeHtml(name)}</title>
    <link rel="canonical" href="${escapeHtml(pageUrl)}" />
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
        <h2>Featured Deals</h2>${featured.map((product) => productCard(menu, product, pageUrl)).join('')}
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

/**
 * A featured product: its name, its size and one line with the price and the special, so the
 * card holds a single deal text (a second one would split it into two deals).
 */
function productCard(menu: Menu, product: Product, pageUrl: string): string {
  const special = specialOf(menu, product);
  const size = product.sizes.find((each) => each.sale !== undefined) ?? product.sizes[0];
  if (!size || !special) return '';
  const price =
    size.sale === undefined
      ? `<span class="price">${dollars(size.price)}</span>`
      : `<ins class="sale-price">${dollars(size.sale)}</ins> <del>${dollars(size.price)}</del>`;
  const image = product.imageUrl
    ? `\n          <img src="${escapeHtml(product.imageUrl)}" alt="${escapeHtml(product.name)}" />`
    : '';
  const link = `${pageUrl}#${product.slug}`;
  return `
        <div class="product-card" id="${escapeHtml(product.slug)}">${image}
          <h3><a href="${escapeHtml(link)}">${escapeHtml(`${product.brand} ${product.name}`)}</a></h3>
          <p class="size">${escapeHtml(size.label)}${product.strainType ? ` · ${product.strainType}` : ''}</p>
          <p class="price">${price} · ${escapeHtml(special.name)}</p>
        </div>`;
}
