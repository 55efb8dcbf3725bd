import type { Deal } from '@stl-deals/domain';

/** Where a deal's price history is kept: its dispensary and its product's key there. */
export interface DealProduct {
  dispensaryKey: string;
  /** Null for a deal the scraper could key to no product: it has no history. */
  storeProductKey: string | null;
}

/**
 * The current deals' products by deal id, for the price history call: kept per dispensary as
 * its deals are replaced, so a deal gone from its menu is no longer found. Deal ids name their
 * dispensary (platform, dispensary, product), so two dispensaries' ids do not meet; were they to,
 * the later result would win, and the earlier dispensary's replacement leaves it alone.
 */
export class DealProducts {
  private readonly byId = new Map<string, DealProduct>();
  private readonly idsOf = new Map<string, string[]>();

  replace(dispensaryKey: string, deals: readonly Deal[]): void {
    for (const id of this.idsOf.get(dispensaryKey) ?? []) {
      if (this.byId.get(id)?.dispensaryKey === dispensaryKey) this.byId.delete(id);
    }
    const ids: string[] = [];
    for (const deal of deals) {
      if (!deal.id) continue;
      ids.push(deal.id);
      this.byId.set(deal.id, { dispensaryKey, storeProductKey: deal.storeProductKey ?? null });
    }
    this.idsOf.set(dispensaryKey, ids);
  }

  of(id: string): DealProduct | undefined {
    return this.byId.get(id);
  }
}
