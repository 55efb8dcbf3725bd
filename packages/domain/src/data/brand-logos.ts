/**
 * Missouri brands whose logo a card may show when a deal has no image of its own
 * (from ../shared/data/stl-notes.md, section 5). `keywords` are safe to look for in a deal's
 * title and description; `brandFieldKeywords` are ordinary words or strain names ('proper',
 * 'haze', 'cookies') that count only in the deal's own `brand` field.
 * `logo` is a path the page serves.
 */
export interface BrandLogo {
  brand: string;
  keywords: readonly string[];
  brandFieldKeywords?: readonly string[];
  logo: string;
}

const logo = (slug: string) => `/logos/brands/${slug}.svg`;

export const BRAND_LOGOS: readonly BrandLogo[] = [
  {
    brand: 'Proper',
    keywords: ['proper cannabis', 'proper brands'],
    brandFieldKeywords: ['proper'],
    logo: logo('proper'),
  },
  { brand: 'Cloud Cover', keywords: ['cloud cover', 'cloudcover'], logo: logo('cloud-cover') },
  { brand: 'Galactic', keywords: [], brandFieldKeywords: ['galactic'], logo: logo('galactic') },
  {
    brand: 'Platinum Vape',
    keywords: ['platinum vape', 'plat vape'],
    brandFieldKeywords: ['platinum', 'pv'],
    logo: logo('platinum-vape'),
  },
  { brand: 'Illicit', keywords: ['illicit', 'illicit gardens'], logo: logo('illicit') },
  {
    brand: 'From The Earth',
    keywords: ['from the earth'],
    brandFieldKeywords: ['fte'],
    logo: logo('from-the-earth'),
  },
  {
    brand: 'Flora Farms',
    keywords: ['flora farms', 'flora farm'],
    brandFieldKeywords: ['flora'],
    logo: logo('flora-farms'),
  },
  {
    brand: 'Good Day Farm',
    keywords: ['good day farm', 'good day farms'],
    brandFieldKeywords: ['gdf'],
    logo: logo('good-day-farm'),
  },
  { brand: 'Clovr', keywords: ['clovr'], logo: logo('clovr') },
  { brand: 'Robhots', keywords: ['robhots'], logo: logo('robhots') },
  { brand: 'Wana', keywords: ['wana'], logo: logo('wana') },
  { brand: 'Sinse', keywords: ['sinse', 'sinse cannabis'], logo: logo('sinse') },
  { brand: 'Head Change', keywords: ['headchange', 'head change'], logo: logo('head-change') },
  { brand: 'Ostara', keywords: ['ostara'], logo: logo('ostara') },
  { brand: 'BeLeaf', keywords: ['beleaf'], logo: logo('beleaf') },
  { brand: 'Kushy Punch', keywords: ['kushy punch'], logo: logo('kushy-punch') },
  { brand: 'Wyld', keywords: ['wyld'], logo: logo('wyld') },
  { brand: 'Cookies', keywords: [], brandFieldKeywords: ['cookies'], logo: logo('cookies') },
  { brand: 'Vivid', keywords: [], brandFieldKeywords: ['vivid'], logo: logo('vivid') },
  {
    brand: 'Elevate',
    keywords: ['elevate missouri'],
    brandFieldKeywords: ['elevate'],
    logo: logo('elevate'),
  },
  { brand: 'Heartland Labs', keywords: ['heartland labs'], logo: logo('heartland-labs') },
  { brand: 'Cloud Nine', keywords: ['cloud nine', 'cloud 9'], logo: logo('cloud-nine') },
  { brand: 'Sundro', keywords: ['sundro'], logo: logo('sundro') },
  { brand: 'Kizmet', keywords: ['kizmet'], logo: logo('kizmet') },
  { brand: 'Dialed In', keywords: [], brandFieldKeywords: ['dialed in'], logo: logo('dialed-in') },
];
