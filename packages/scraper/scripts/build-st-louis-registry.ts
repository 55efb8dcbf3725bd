/**
 * Builds registry/st-louis.json from the team's second research pass
 * (../shared/data/stl-dispensaries-v2.csv, read with stl-notes-v2.md beside it): 39 current
 * dispensaries, each with its street address and ZIP and the provenance of every fact. Facts are
 * copied, never guessed: coordinates only where a source gave them, a platform id only where one
 * was reported (marked with its confidence), and every entry `verified: false` until discovery or
 * `verify-registry` confirms it.
 *
 * Which 39: St. Louis City, St. Louis County and St. Charles County (Jefferson County and the
 * Metro East stay out, as before). A row is left out when it has no street address or only a
 * low-confidence one (a licence application or billing address), or when the research tags it
 * closed, relocated, unresolved or of unknown status. City and County stores come first; St.
 * Charles County stores fill the rest, those with the strongest platform evidence first.
 *
 * Run: npx tsx packages/scraper/scripts/build-st-louis-registry.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseRegistry, type Provenance, type RegistryEntry } from '../src/registry';

const RESEARCH = 'stl-dispensaries-v2.csv';
const CSV = fileURLToPath(new URL(`../../../../shared/data/${RESEARCH}`, import.meta.url));
const OUT = fileURLToPath(new URL('../registry/st-louis.json', import.meta.url));
const SIZE = 39;
// Jefferson County: outside the three areas the product covers first.
const OUTSIDE = new Set(['Arnold', 'Imperial', 'Festus', 'House Springs', 'Pevely', 'Hillsboro']);
const ST_CHARLES_COUNTY = new Set([
  'St. Peters',
  'Cottleville',
  "O'Fallon",
  'St. Charles',
  'Lake St. Louis',
  'West Alton',
]);
/** Research tags (`[...]` in a name) that keep a row out of the bundled registry. */
const LEFT_OUT = /status unknown|closed|relocated|unresolved|no address/i;
/** Keys of the earlier registry, kept so stored snapshots and links stay with their store. */
const KEPT_KEYS: Record<string, string> = {
  'Good Day Farm - Central West End': 'good-day-farm-central-west-end-euclid',
};
/**
 * ZIPs the research left blank, filled from what it does say; each is marked low and says why,
 * so that discovery or the geocoder can overrule it.
 */
const ZIP_FILLS: Record<string, { zip: string; why: string }> = {
  'Cookies St. Louis': {
    zip: '63033',
    why: 'inferred: the ZCTA of New Halls Ferry Rd in Florissant (the licensee ZIP 63136 is not the store)',
  },
  'Key Cannabis - Creve Coeur': {
    zip: '63141',
    why: 'stl-notes-v2.md: licence possibly TC AppliCo DIS000075, ZIP 63141 (inference)',
  },
  'Root 66 - Des Peres': { zip: '63131', why: "inferred: Des Peres's ZIP" },
};

type Row = Record<string, string>;

/** RFC 4180 CSV (quoted fields, doubled quotes, commas and newlines inside quotes). */
function parseCsv(text: string): Row[] {
  const rows: string[][] = [[]];
  let field = '';
  let quoted = false;
  const endField = () => {
    rows.at(-1)!.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      endField();
    } else if (!quoted && c === '\n') {
      endField();
      rows.push([]);
    } else if (c !== '\r' || quoted) {
      field += c;
    }
  }
  if (field) endField();
  const [header, ...body] = rows.filter((row) => row.length > 1);
  return body.map((cells) => {
    const fixed = rejoinUnquoted(cells, header!.length);
    return Object.fromEntries(header!.map((name, i) => [name, fixed[i] ?? '']));
  });
}

/**
 * A few rows of the research file cite '(a public repository, not identified)' in an unquoted
 * field, so that comma splits one field in two; joined back, the columns line up again.
 */
function rejoinUnquoted(cells: string[], width: number): string[] {
  const out = [...cells];
  for (let i = 0; out.length > width && i < out.length - 1; i++) {
    if (/\(a public repository$/.test(out[i]!) && out[i + 1]!.startsWith(' not identified')) {
      out.splice(i, 2, `${out[i]},${out[i + 1]}`);
      i--;
    }
  }
  if (out.length !== width) throw new Error(`A research row has ${out.length} columns: ${out[0]}`);
  return out;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Current name: the research's `[NEW]`-style tags dropped. */
const currentName = (name: string) => name.replace(/\s*\[[^\]]*\]/g, '').trim();

const GRADES = { H: 'high', M: 'medium', L: 'low' } as const;

/** The CSV's `addr=H;geo=M;plat=L` as one grade per field (none for '-'). */
function grades(row: Row): Record<string, Provenance['confidence'] | undefined> {
  const pairs = row.confidence!.split(';').map((part) => part.trim().split('='));
  return Object.fromEntries(
    pairs.map(([field, grade]): [string, Provenance['confidence'] | undefined] => [
      field ?? '',
      GRADES[grade as keyof typeof GRADES],
    ]),
  );
}

/** The source keys stl-notes-v2.md defines (its 'Sources' table), as the CSV cites them. */
const SOURCE_KEYS = new Set(
  'SF CL PG SMB SMB-SP MINT HEYA DSEL CAPE NV-CD MINT-ODOO VFI TERRA-TAG CD-A'.split(' '),
);

/** The source keys a cell cites, e.g. 'CD-A' for 'CD-A=majolo327/…'. */
function citedKeys(cell: string): string {
  const keys = [...cell.matchAll(/[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*/g)].map((m) => m[0]);
  return [...new Set(keys.filter((key) => SOURCE_KEYS.has(key)))].join(', ');
}

const cited = (what: string) => `${RESEARCH} (${what})`;

/** The address sources, from the notes' leading 'addr src: …' up to its first sentence's end. */
function addressSources(row: Row): string {
  // A sentence ends at a full stop that does not close an abbreviation ('St.', 'S.').
  const match = /^addr src:\s*(.+?)(?:(?<!\b(?:St|Mt|[A-Z]))\.\s|$)/.exec(row.notes!);
  return (match?.[1] ?? 'notes').slice(0, 200);
}

/** The first URL of a cell, unless the research calls it old. */
function url(cell: string): string | undefined {
  if (/\(old\b/.test(cell)) return undefined;
  const first = cell.trim().split(/\s/)[0] ?? '';
  return /^https?:\/\//.test(first) ? first : undefined;
}

/**
 * A page about this one store: a path on a site, or a site the research gives no other store
 * and does not call a chain's (its own site). A chain's home page is not one store's specials.
 */
function storePage(row: Row): string | undefined {
  const link = url(row.website!);
  if (link === undefined) return undefined;
  const ownSite = websiteUses.get(link) === 1 && !/\(chain\b/.test(row.website!);
  return new URL(link).pathname.length > 1 || ownSite ? link : undefined;
}

function toEntry(row: Row): RegistryEntry {
  const name = currentName(row.name!);
  const grade = grades(row);
  const street = row.address!.replace(/\s*\(.*\)$/, '');
  const city = row.city!.replace(/\s*\(.*\)$/, '');
  const fill = row.zip ? undefined : ZIP_FILLS[name];
  const zip = row.zip || fill?.zip;
  if (!zip) throw new Error(`No ZIP for '${name}': add it to ZIP_FILLS with its reason`);
  const sources: NonNullable<RegistryEntry['sources']> = {
    address: { source: cited(addressSources(row)), confidence: grade.addr ?? 'low' },
  };
  if (fill) sources.zip = { source: fill.why, confidence: 'low' };
  const entry: RegistryEntry = {
    key: KEPT_KEYS[name] ?? slug(name),
    name,
    platform: 'html',
    verified: false,
    address: `${street}, ${city}, MO ${zip}`,
  };
  if (row.lat && row.lng) {
    Object.assign(entry, { lat: Number(row.lat), lng: Number(row.lng) });
    sources.coordinates = {
      source: cited(citedKeys(row.coord_source!) || 'coord_source'),
      confidence: grade.geo ?? 'low',
    };
  }
  const website = url(row.website!);
  if (website) {
    entry.website = website;
    sources.website = { source: cited('website'), confidence: 'medium' };
  }
  const platformCited = citedKeys(row.platform_source!) || 'platform_source';
  if (row.platform) {
    sources.platform = {
      source: cited(`${row.platform.slice(0, 120)}; ${platformCited}`),
      confidence: grade.plat ?? 'low',
    };
  }
  const platformId = row.platform_id!.split(' ')[0];
  const menuPage = url(row.menu_url!);
  // Reported ids stay, marked with their confidence, until discovery confirms or replaces them.
  if (/Dutchie/.test(row.platform!) && platformId) {
    entry.platform = 'dutchie';
    entry.platformId = platformId;
    entry.menuUrl = menuPage ?? `https://dutchie.com/embedded-menu/${platformId}/specials`;
    sources.platformId = { source: cited(platformCited), confidence: grade.plat ?? 'low' };
  } else {
    // Platform unknown for this store: its own menu or store page is read as a plain page; a
    // chain's home page is not this store's specials, so without one the entry has no source.
    const page = menuPage ?? storePage(row);
    if (page) {
      entry.specialsUrl = page;
      sources.specialsUrl = {
        source: cited(menuPage ? 'menu_url' : 'website'),
        confidence: grade.plat ?? 'low',
      };
    }
  }
  entry.sources = sources;
  return entry;
}

const PLATFORM_RANK = { high: 0, medium: 1, low: 2 } as const;
const platformRank = (row: Row) => {
  const grade = grades(row).plat;
  return grade ? PLATFORM_RANK[grade] : 3;
};

const rows = parseCsv(readFileSync(CSV, 'utf8'));
/** How many rows of the research give each website. */
const websiteUses = new Map<string, number>();
for (const row of rows) {
  const website = url(row.website!);
  if (website) websiteUses.set(website, (websiteUses.get(website) ?? 0) + 1);
}
const eligible = rows.filter((row) => {
  const tags = /\[([^\]]*)\]/.exec(row.name!)?.[1] ?? '';
  const addressGrade = grades(row).addr;
  return (
    !OUTSIDE.has(row.city!) &&
    !LEFT_OUT.test(tags) &&
    row.address !== '' &&
    (addressGrade === 'high' || addressGrade === 'medium')
  );
});
const inStCharles = (row: Row) => ST_CHARLES_COUNTY.has(row.city!);
const ordered = [
  ...eligible.filter((row) => !inStCharles(row)),
  // A stable sort: equal evidence keeps the research file's order.
  ...eligible.filter(inStCharles).sort((a, b) => platformRank(a) - platformRank(b)),
];
const dispensaries = ordered.slice(0, SIZE).map(toEntry);
const registry = parseRegistry({ dispensaries }, 'generated registry');
writeFileSync(OUT, `${JSON.stringify(registry, null, 2)}\n`);
const left = ordered.slice(SIZE).map((row) => currentName(row.name!));
console.log(`wrote ${registry.dispensaries.length} dispensaries to ${OUT}`);
console.log(`eligible but over ${SIZE}: ${left.join('; ') || 'none'}`);
