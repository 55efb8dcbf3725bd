/**
 * Dispensary chains whose logo a card may show, found by keywords in the dispensary's name
 * (spec section 3: about 20). `logo` is a path the page serves.
 */
export interface DispensaryLogo {
  chain: string;
  keywords: readonly string[];
  logo: string;
}

const logo = (slug: string) => `/logos/dispensaries/${slug}.svg`;

export const DISPENSARY_LOGOS: readonly DispensaryLogo[] = [
  { chain: 'Good Day Farm', keywords: ['good day farm'], logo: logo('good-day-farm') },
  { chain: 'Proper Cannabis', keywords: ['proper cannabis', 'proper'], logo: logo('proper') },
  { chain: 'Kind Goods', keywords: ['kind goods'], logo: logo('kind-goods') },
  { chain: 'Greenlight', keywords: ['greenlight'], logo: logo('greenlight') },
  { chain: 'Swade', keywords: ['swade'], logo: logo('swade') },
  { chain: 'Root 66', keywords: ['root 66'], logo: logo('root-66') },
  { chain: 'Key Cannabis', keywords: ['key cannabis'], logo: logo('key-cannabis') },
  { chain: 'Terrabis', keywords: ['terrabis'], logo: logo('terrabis') },
  { chain: 'Codes', keywords: ['codes'], logo: logo('codes') },
  { chain: '3Fifteen Primo', keywords: ['3fifteen'], logo: logo('3fifteen') },
  { chain: 'Cookies', keywords: ['cookies'], logo: logo('cookies') },
  { chain: 'Heya Wellness', keywords: ['heya'], logo: logo('heya') },
  { chain: 'High Profile', keywords: ['high profile'], logo: logo('high-profile') },
  { chain: 'Nature Med', keywords: ['nature med', 'naturemed'], logo: logo('nature-med') },
  { chain: 'The Mint', keywords: ['mint cannabis', 'the mint'], logo: logo('mint') },
  { chain: 'Luxury Leaf', keywords: ['luxury leaf'], logo: logo('luxury-leaf') },
  { chain: 'Blue Sage', keywords: ['blue sage', 'hi-pointe'], logo: logo('blue-sage') },
  { chain: 'Bloc', keywords: ['bloc'], logo: logo('bloc') },
  { chain: 'Feel State', keywords: ['feel state'], logo: logo('feel-state') },
  { chain: 'Hippos', keywords: ['hippos'], logo: logo('hippos') },
  { chain: 'The Source', keywords: ['the source'], logo: logo('the-source') },
  { chain: 'Viola', keywords: ['viola'], logo: logo('viola') },
  { chain: 'Organic Remedies', keywords: ['organic remedies'], logo: logo('organic-remedies') },
];
