/**
 * Builds registry/st-louis.json from the team's research (../shared/data/stl-dispensaries.csv):
 * 39 dispensaries, those with a street address in St. Louis city, St. Louis County and St. Charles
 * County first. Facts are copied, never guessed: coordinates only where a source gave them, a
 * platform id only where one was reported, and every entry `verified: false` until
 * `verify-registry` confirms it. Run: npx tsx packages/scraper/scripts/build-st-louis-registry.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseRegistry, type RegistryEntry } from '../src/registry';

const CSV = fileURLToPath(new URL('../../../../shared/data/stl-dispensaries.csv', import.meta.url));
const OUT = fileURLToPath(new URL('../registry/st-louis.json', import.meta.url));
const SIZE = 39;
// Jefferson County and beyond: outside the three areas the product covers first.
const OUTSIDE = new Set(['Arnold', 'Imperial', 'Festus', 'House Springs', 'Pevely', 'Hillsboro']);

/** RFC 4180 CSV (quoted fields, doubled quotes, commas and newlines inside quotes). */
function parseCsv(text: string): Record<string, string>[] {
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
  return body.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i] ?? ''])));
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Current name: drops the research notes in parentheses ('formerly …', licence names). */
const currentName = (name: string) =>
  name.replace(/\s*\((?:formerly|[^)]*licence|N'Bliss)[^)]*\)/g, '').trim();

function toEntry(row: Record<string, string>): RegistryEntry {
  const name = currentName(row.name!);
  const street = row.address!.replace(/\s*\(.*\)$/, '');
  const city = row.city!.replace(/\s*\(.*\)$/, '');
  const entry: RegistryEntry = { key: slug(name), name, platform: 'html', verified: false };
  if (street) entry.address = `${street}, ${city}, MO${row.zip ? ` ${row.zip}` : ''}`;
  if (row.lat && row.lng) Object.assign(entry, { lat: Number(row.lat), lng: Number(row.lng) });
  const website = /^https?:\/\//.test(row.website!) ? row.website!.split(' ')[0] : undefined;
  if (website) entry.website = website;
  const platformId = row.platform_id!.split(' ')[0];
  if (row.platform!.startsWith('Dutchie') && platformId) {
    entry.platform = 'dutchie';
    entry.platformId = platformId;
    entry.menuUrl = `https://dutchie.com/embedded-menu/${platformId}/specials`;
  } else if (platformId?.includes('/')) {
    // A store's own menu page (Mint): read as a plain page until its vendor is known.
    entry.specialsUrl = `https://${platformId}`;
  } else if (website) {
    // No platform reported: the store's own site is the only known source of its specials.
    entry.specialsUrl = website;
  }
  return entry;
}

const rows = parseCsv(readFileSync(CSV, 'utf8')).filter((row) => !OUTSIDE.has(row.city!));
const ordered = [...rows.filter((row) => row.address), ...rows.filter((row) => !row.address)];
const dispensaries = ordered.slice(0, SIZE).map(toEntry);
const registry = parseRegistry({ dispensaries }, 'generated registry');
writeFileSync(OUT, `${JSON.stringify(registry, null, 2)}\n`);
console.log(`wrote ${registry.dispensaries.length} dispensaries to ${OUT}`);
