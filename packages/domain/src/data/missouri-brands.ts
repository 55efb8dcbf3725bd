import { BRAND_LOGOS } from './brand-logos';

/**
 * The Missouri brands a specials page's text may name (from ../shared/data/stl-notes.md,
 * section 5), each under its one name. `spellings` are safe wherever a deal's words say them;
 * `ordinary` spellings are also English words, strain words or short abbreviations ('proper',
 * 'vivid', 'cookies', 'haze', 'gdf'), which count only where the page writes them as a
 * product's brand (see brand-in-text.ts). The brands with a logo keep the logo table's
 * spellings: its `keywords` are spellings here, its `brandFieldKeywords` ordinary ones.
 */
export interface MissouriBrand {
  brand: string;
  spellings: readonly string[];
  ordinary?: readonly string[];
}

const WITHOUT_LOGO: readonly MissouriBrand[] = [
  { brand: 'Codes', spellings: ['codes cannabis'], ordinary: ['codes'] },
  { brand: 'Swade', spellings: ['swade', 'swade cannabis'] },
  { brand: 'Haze', spellings: [], ordinary: ['haze'] },
  { brand: 'Keef', spellings: ['keef cola'], ordinary: ['keef'] },
  { brand: 'Amaze', spellings: ['amaze cannabis'], ordinary: ['amaze'] },
  { brand: 'Vertical', spellings: ['vertical cannabis'], ordinary: ['vertical'] },
  { brand: 'Greenlight', spellings: ['greenlight', 'greenlight cannabis'] },
  { brand: 'Star Buds', spellings: ['star buds', 'starbuds'] },
  { brand: 'Key Cannabis', spellings: ['key cannabis', 'key missouri'] },
  {
    brand: 'Local Cannabis Co',
    spellings: ['local cannabis co', 'local cannabis company', 'local cannabis'],
  },
  { brand: "Missouri's Own", spellings: ["missouri's own", 'missouris own'] },
  { brand: 'Peak', spellings: [], ordinary: ['peak'] },
  { brand: 'Canna Mojo', spellings: ['canna mojo'] },
  { brand: 'Honeybee', spellings: [], ordinary: ['honeybee', 'honey bee'] },
  { brand: 'Heya', spellings: ['heya'] },
  { brand: 'Solhaus', spellings: ['solhaus'] },
  { brand: 'Robust', spellings: [], ordinary: ['robust'] },
  { brand: 'Nature Med', spellings: ['nature med', 'naturemed'] },
  { brand: 'Terrabis', spellings: ['terrabis'] },
  { brand: 'Bloc', spellings: [], ordinary: ['bloc'] },
  { brand: 'C4', spellings: [], ordinary: ['c4'] },
  { brand: 'Fresh Green', spellings: [], ordinary: ['fresh green'] },
  { brand: 'Old Route 66', spellings: ['old route 66'] },
  { brand: 'Atta', spellings: [], ordinary: ['atta'] },
  { brand: 'Heliocentric', spellings: ['heliocentric'] },
  { brand: 'Rove', spellings: [], ordinary: ['rove'] },
  { brand: 'Zoet', spellings: ['zoet'] },
  { brand: 'MOHI', spellings: ['mohi'] },
  { brand: 'Packs', spellings: [], ordinary: ['packs'] },
  { brand: 'Farmer G', spellings: ['farmer g'] },
  { brand: 'Ratio', spellings: [], ordinary: ['ratio'] },
];

export const MISSOURI_BRANDS: readonly MissouriBrand[] = [
  ...BRAND_LOGOS.map(({ brand, keywords, brandFieldKeywords }) => ({
    brand,
    spellings: keywords,
    // The brand's own name is a spelling too: an ordinary one unless the logo table's keywords
    // say it is safe.
    ordinary: [
      ...new Set([
        ...(brandFieldKeywords ?? []),
        ...(keywords.includes(brand.toLowerCase()) ? [] : [brand.toLowerCase()]),
      ]),
    ],
  })),
  ...WITHOUT_LOGO,
];
