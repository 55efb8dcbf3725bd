import {
  dealStrainType,
  deriveCategory,
  dosePotencies,
  potencyInText,
  PotencySchema,
  readPotencies,
  readSize,
  sizeInText,
  type Deal,
  type Potency,
} from '@stl-deals/domain';

/**
 * The potency and strain type every deal leaves the scraper with, whatever its adapter: the
 * figures its adapter read from the platform (dropped if they break the contract), else what its
 * own words state ('THC 24.1%', '100mg THC': a specials page, a feed, a menu item whose platform
 * gives none), else an edible's bare dose ('Gummies 100mg' is 100 mg of THC, see
 * `dosePotencies`); and its strain type normalized to Indica, Sativa, Hybrid or CBD from its
 * platform's field, its figures and its title (`dealStrainType`), or none.
 */
export function withPotency(deal: Deal): Deal {
  const { thc: sentThc, cbd: sentCbd, strainType: sentType, ...rest } = deal;
  let thc = valid(sentThc);
  let cbd = valid(sentCbd);
  if (!thc || !cbd) {
    const category = deal.category ?? deriveCategory(deal);
    // The deal's size, else the size its title states (a specials page's 'Gummies 100mg').
    const measure = readSize(deal.size) ?? sizeInText(deal.title);
    const stated = potencyInText(`${deal.title} · ${deal.description}`);
    const read = readPotencies(stated, {
      category,
      grams: measure?.unit === 'g' ? measure.amount : undefined,
      packTexts: [deal.size, deal.title],
    });
    thc ??= read.thc;
    cbd ??= read.cbd;
    if (!thc) {
      const dose = dosePotencies(
        deal.title,
        measure?.unit === 'mg' ? measure.amount : undefined,
        category,
      );
      thc = dose.thc;
      cbd ??= dose.cbd;
    }
  }
  // A product's own words: its title, and its description where the deal is a product (it has a
  // size or a figure); a store-wide special's description ('Indica Mondays') names no product's.
  const product = deal.size !== undefined || thc !== undefined || cbd !== undefined;
  const strainType = dealStrainType({
    stated: [sentType],
    title: deal.title,
    description: product ? deal.description : undefined,
    potencies: { thc, cbd },
  });
  return {
    ...rest,
    ...(strainType ? { strainType } : {}),
    ...(thc ? { thc } : {}),
    ...(cbd ? { cbd } : {}),
  };
}

function valid(potency: unknown): Potency | undefined {
  if (potency === undefined) return undefined;
  const parsed = PotencySchema.safeParse(potency);
  return parsed.success ? parsed.data : undefined;
}
