import { readFileSync } from 'node:fs';
import type { RegistryEntry } from '../../../registry';
import type { Received } from '../../types';

/** The fictional store the recorded payloads describe (see README.md). */
export const ARCH_CITY: RegistryEntry = {
  key: 'arch-city-cannabis-soulard',
  name: 'Arch City Cannabis - Soulard',
  platform: 'dutchie',
  platformId: 'arch-city-cannabis-soulard',
};

/** A recorded payload as a transport hands it over: JSON parsed, HTML as text. */
export function recorded(file: string): unknown {
  const body = readFileSync(new URL(file, import.meta.url), 'utf8');
  return file.endsWith('.json') ? (JSON.parse(body) as unknown) : body;
}

/** A payload under the label `plan` gives its request. */
export const received = (label: string, file: string): Received => ({
  label,
  url: `https://dutchie.com/api-3/graphql#${file}`,
  body: recorded(file),
});

/** Everything one scrape of the recorded store receives, in the order `plan` asks for it. */
export const recordedScrape = (): Received[] => [
  received('store', 'consumer-dispensaries.json'),
  received('products:0', 'filtered-products-page-0.json'),
  received('special-cards', 'get-special-menu-cards.json'),
  received('specials', 'filtered-specials.json'),
  received('products:1', 'filtered-products-page-1.json'),
];
