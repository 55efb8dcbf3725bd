import { describe, expect, it } from 'vitest';
import { detectMenuSource, type PageEvidence } from '../../src/discovery/detect-source';
import { DEFAULT_PLATFORM_CONFIG } from '../../src/platform-config';

const SITE = 'https://www.example-dispensary.com/';
const page = (body: string, more: Partial<PageEvidence> = {}): PageEvidence => ({
  url: SITE,
  html: `<!doctype html><html><head><title>Shop</title></head><body>${body}</body></html>`,
  frames: [],
  requests: [],
  ...more,
});
const detect = (evidence: PageEvidence) => detectMenuSource(evidence, DEFAULT_PLATFORM_CONFIG);

// Small pages written in each embed's real form (research: directories.md 10.2).
describe('the menu a store website embeds', () => {
  it.each<[string, PageEvidence, object]>([
    [
      'a Dutchie iframe (cName)',
      page(
        '<iframe id="dutchie--embed__iframe" src="https://dutchie.com/embedded-menu/greenlight-ferguson/products/flower?dutchie_sid=1"></iframe>',
      ),
      {
        platform: 'dutchie',
        platformId: 'greenlight-ferguson',
        menuUrl: 'https://dutchie.com/embedded-menu/greenlight-ferguson/specials',
      },
    ],
    [
      'a Dutchie embed script (dispensary id)',
      page(
        '<div><script async id="dutchie--embed__script" src="https://dutchie.com/api/v2/embedded-menu/6a3096683cf9ab736cb06f1b.js?menuType=med"></script></div>',
      ),
      { platform: 'dutchie', platformId: '6a3096683cf9ab736cb06f1b' },
    ],
    [
      'a Jane iframe',
      page('<iframe src="https://www.iheartjane.com/embed/stores/4536/menu/vapes"></iframe>'),
      {
        platform: 'jane',
        platformId: '4536',
        menuUrl: 'https://www.iheartjane.com/embed/stores/4536/menu',
      },
    ],
    [
      'a Jane script embed',
      page(
        '<div id="jane-frame-script"></div><script src="https://api.iheartjane.com/v1/stores/1517/embed.js"></script>',
      ),
      { platform: 'jane', platformId: '1517' },
    ],
    [
      'a Jane frameless (Boost) embed',
      page(
        '<script id="jane_frameless_embed_runtime_config">window.___JANE___ = {"runtimeConfig":{"embedConfigId":12,"isFramelessEmbedMode":true,"storeId":2981,"partnerHostedPath":"/menu"}};</script>',
      ),
      { platform: 'jane', platformId: '2981' },
    ],
    [
      'a Leafly loader script',
      page(
        '<div id="leafly-embed-wrapper"><script id="leafly-embed-script" src="https://web-embedded-menu.leafly.com/loader.js" data-origin="https://web-embedded-menu.leafly.com" data-slug="feel-state-florissant"></script></div>',
      ),
      {
        platform: 'leafly',
        platformId: 'feel-state-florissant',
        menuUrl: 'https://www.leafly.com/dispensary-info/feel-state-florissant/menu',
      },
    ],
    [
      'a Dispense proxy-mode page',
      {
        ...page(''),
        html: '<!doctype html><html><head data-proxy-path="/menu" data-venue-id="13455748f2d363fd" data-proxy-mode="true"></head><body></body></html>',
      },
      { platform: 'dispense', platformId: '13455748f2d363fd', menuUrl: SITE },
    ],
    [
      'a Joint WordPress store',
      {
        ...page(''),
        html: '<html><head><link rel="stylesheet" href="/wp-content/plugins/joint-ecommerce/a.css"></head><body class="home joint-store-4124 theme"></body></html>',
      },
      { platform: 'joint', platformId: '4124' },
    ],
    [
      'a Sweed storefront, by its data call in a frame',
      page('<iframe src="https://shop.example-dispensary.com/menu"></iframe>', {
        requests: [
          {
            url: 'https://shop.example-dispensary.com/_api/proxy/Products/GetProductList',
            storeId: '338',
            frameUrl: 'https://shop.example-dispensary.com/menu',
          },
        ],
      }),
      { platform: 'sweed', platformId: '338', menuUrl: 'https://shop.example-dispensary.com/menu' },
    ],
    [
      'only a link to its Weedmaps listing',
      page(
        '<a href="https://weedmaps.com/dispensaries/kind-goods-the-hill">Order on Weedmaps</a><a href="/specials">Specials</a>',
      ),
      { platform: 'weedmaps', platformId: 'kind-goods-the-hill' },
    ],
    [
      'no embed, a specials page',
      page(
        '<nav><a href="https://elsewhere.example/deals">Partner deals</a><a href="/weekly-deals">This week</a></nav>',
      ),
      { platform: 'html', specialsUrl: 'https://www.example-dispensary.com/weekly-deals' },
    ],
  ])('%s', (_case, evidence, expected) => {
    expect(detect(evidence)).toMatchObject(expected);
  });

  it('believes the data calls over a stale embed beside them', () => {
    const stale = page('<iframe src="https://dutchie.com/embedded-menu/old-store"></iframe>', {
      requests: [
        {
          url: 'https://search.iheartjane.com/1/indexes/menu-products-production/query',
          body: '{"filters":"store_id = 4536","page":0}',
        },
      ],
    });
    expect(detect(stale)).toMatchObject({ platform: 'jane', platformId: '4536' });
  });

  it("names a Dutchie store by its menu frame's cName, else by the id in its data call", () => {
    const call = {
      url: `https://dutchie.com/api-3/graphql?operationName=FilteredProducts&variables=${encodeURIComponent('{"productsFilter":{"dispensaryId":"5eaf475a67b56700dd7b6007"}}')}`,
    };
    expect(detect(page('', { requests: [call] }))).toMatchObject({
      platform: 'dutchie',
      platformId: '5eaf475a67b56700dd7b6007',
    });
    const framed = {
      ...call,
      frameUrl: 'https://dutchie.com/embedded-menu/harvest-of-cottonwood/specials',
    };
    expect(detect(page('', { requests: [framed] }))).toMatchObject({
      platformId: 'harvest-of-cottonwood',
      menuUrl: 'https://dutchie.com/embedded-menu/harvest-of-cottonwood/specials',
    });
  });

  it('finds nothing on a page without a menu, and takes no javascript: or foreign link', () => {
    expect(detect(page('<a href="javascript:alert(1)">deals</a><p>Visit us</p>'))).toBeUndefined();
    expect(
      detect(page('<iframe src="https://evil.example/embedded-menu/x"></iframe>')),
    ).toBeUndefined();
  });
});
