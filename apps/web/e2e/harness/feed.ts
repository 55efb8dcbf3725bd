import type { Deal, Dispensary } from '@stl-deals/domain';

/**
 * The deals the end-to-end service answers: our own, made up for the tests. Six stores around
 * St. Louis (one without a known location), thirty deals over every category, with own images
 * that work, fail or are too small, and none naming a weekday, so the day filter keeps them all.
 */
export const DISPENSARIES: Dispensary[] = [
  { key: 'swade-delmar', name: '🏪 Swade Cannabis (Delmar)', lat: 38.6561, lng: -90.3037 },
  { key: 'greenlight-st-peters', name: 'Greenlight - St. Peters', lat: 38.7875, lng: -90.6299 },
  { key: 'root-66-south', name: 'Root 66 South', lat: 38.5767, lng: -90.2916 },
  { key: 'gateway-greens', name: 'Gateway Greens', lat: 38.627, lng: -90.1994 },
  { key: 'riverfront', name: 'Riverfront Dispensary - St. Louis', lat: 38.7442, lng: -90.3646 },
  { key: 'arch-city', name: 'Arch City Remedies', lat: null, lng: null },
];

/** Where the visitor stands in the distance tests: The Loop, a few blocks from Swade. */
export const VISITOR = { latitude: 38.6556, longitude: -90.3049 };

type Seed = [
  dispensaryKey: string,
  title: string,
  description: string,
  price: string,
  image?: string,
];

const SEEDS: Seed[] = [
  [
    'swade-delmar',
    '20% off all Cloud Cover flower',
    'Every eighth of Cloud Cover flower',
    '$36.00',
  ],
  ['swade-delmar', 'Wana gummies 2 for $30', 'Mix and match any Wana gummies', '$30.00', 'product'],
  ['swade-delmar', 'Live resin cart special', 'Half gram live resin carts, all strains', '$25.00'],
  ['swade-delmar', 'Pre-roll 5 pack, $5 off', 'Five half gram pre-rolls of house flower', '$20.00'],
  ['swade-delmar', 'CBD balm for sore muscles', 'Cooling topical balm, 500mg', '$28.00', 'tiny'],
  [
    'greenlight-st-peters',
    'Greenlight house flower 25% off',
    'Eighths of the house strain',
    '$30.00',
  ],
  [
    'greenlight-st-peters',
    'Chocolate bar deal',
    'Milk chocolate, 100mg, buy two save more',
    '$18.00',
    'missing',
  ],
  ['greenlight-st-peters', 'Rosin badder 15% off', 'Cold cure rosin, one gram', '$45.00'],
  [
    'greenlight-st-peters',
    'Glass pipe and grinder bundle',
    'Accessory bundle for new customers',
    '$22.00',
  ],
  [
    'greenlight-st-peters',
    'Vape pen starter kit',
    'Battery and one cartridge, ready to go',
    '$40.00',
    'product',
  ],
  ['root-66-south', 'Root 66 blunt special', 'Hemp wrapped blunt, one and a half grams', '$15.00'],
  ['root-66-south', 'Shatter slabs 30% off', 'Amber shatter, one gram', '$21.00'],
  [
    'root-66-south',
    'Platinum Vape carts 2 for $60',
    'Half gram Platinum Vape cartridges',
    '$60.00',
  ],
  ['root-66-south', 'Fruit gummy 10 pack deal', 'Sour fruit gummy, 10mg each', '$16.00'],
  ['root-66-south', 'Ounce of shake, $50 off', 'Budget flower ounce for rolling', '$70.00'],
  ['gateway-greens', 'Sunrise pre-roll 10% off', 'Sativa joint for the morning', '$9.00'],
  [
    'gateway-greens',
    'Heirloom strain eighth',
    'Small batch indoor flower, hand trimmed',
    '$42.00',
    'product',
  ],
  ['gateway-greens', 'Sugar cookie edible special', 'Baked cookie edible, 50mg', '$12.00'],
  ['gateway-greens', 'Wax crumble bargain', 'Crumble wax, two grams, limited stock', '$35.00'],
  ['gateway-greens', 'Rolling papers and tray', 'Papers, tips and a metal tray', '$14.00'],
  ['riverfront', 'Riverfront ounces 15% off', 'Whole ounces of select flower', '$160.00'],
  ['riverfront', 'Disposable vape 20% off', 'One gram disposable, several flavors', '$32.00'],
  ['riverfront', 'Lotion for relief', 'Soothing cream with CBD and THC', '$26.00'],
  ['riverfront', 'Infused pre-roll bundle', 'Three infused pre-rolls, kief coated', '$27.00'],
  ['riverfront', 'Sipping chocolate mix, $3 off', 'Hot chocolate mix, 100mg per tin', '$19.00'],
  ['arch-city', 'Arch City gummies 25% off', 'Vegan gummy bites, 100mg tin', '$15.00'],
  ['arch-city', 'Concentrate sampler special', 'Four concentrate minis to try', '$50.00'],
  ['arch-city', 'Arch City flower, buy one get one', 'Select strain eighths', '$38.00'],
  ['arch-city', 'Cartridge happy hour 10% off', 'Full gram cartridge, 4-7pm', '$45.00'],
  ['arch-city', 'Member appreciation deal', 'Extra points on every purchase', 'See store'],
];

/** The deals with their links and images pointing at the test service on `origin`. */
export function feedDeals(origin: string): Deal[] {
  return SEEDS.map(([dispensaryKey, title, description, price, image], index) => {
    const dispensary = DISPENSARIES.find((d) => d.key === dispensaryKey)!;
    return {
      id: `deal-${index + 1}`,
      title,
      description,
      price,
      imageUrl: image ? `${origin}/fixtures/${image}.svg` : '',
      sourceUrl: `${origin}/menu/${dispensaryKey}#deal-${index + 1}`,
      dispensary: dispensary.name,
      dispensaryKey,
    };
  });
}
