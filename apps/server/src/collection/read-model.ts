import { interleaveForVariety, varietyKeys, type Deal } from '@stl-deals/domain';
import { prepareBody, type PreparedBody } from '../http/prepared-body';
import { compareRelevance, rankDeal, type RankedDeal } from './relevance';

interface Listed {
  key: string;
  name: string;
}

/**
 * Every current deal, ready to send: the whole list and each dispensary's list are stamped with
 * the dispensary's name and key, put in relevance order, serialized, tagged and compressed once
 * per change, so a request only picks a prepared body.
 */
export class DealsReadModel {
  private readonly ranked = new Map<string, RankedDeal[]>();
  private readonly bodies = new Map<string, PreparedBody>();
  private readonly empty = prepareBody([]);
  private allBody = this.empty;
  private total = 0;

  /** `dispensaries` in registry order, which breaks relevance ties. */
  constructor(private readonly dispensaries: readonly Listed[]) {}

  /** Replaces the deals of the given dispensaries, then rebuilds the whole list once. */
  replace(changes: ReadonlyArray<{ key: string; deals: readonly Deal[] }>): void {
    for (const { key, deals } of changes) {
      const dispensaryIndex = this.dispensaries.findIndex((dispensary) => dispensary.key === key);
      const dispensary = this.dispensaries[dispensaryIndex];
      if (!dispensary) continue;
      // The registry, not the scraped menu, says whose deal it is.
      const ranked = interleaveForVariety(
        deals
          .map((deal) =>
            rankDeal({ ...deal, dispensary: dispensary.name, dispensaryKey: key }, dispensaryIndex),
          )
          .sort(compareRelevance),
        // One store's list: only its specials can vary.
        ({ deal }) => [varietyKeys(deal)[0], null],
      );
      this.ranked.set(key, ranked);
      this.bodies.set(key, prepareBody(ranked.map(({ deal }) => deal)));
    }
    // Relevance, then variety among the first 48: no more than two deals of one special or one
    // store in a row (issue 11; the rule is the domain's).
    const all = interleaveForVariety(
      [...this.ranked.values()].flat().sort(compareRelevance),
      ({ deal }) => varietyKeys(deal),
    );
    this.total = all.length;
    this.allBody = prepareBody(all.map(({ deal }) => deal));
  }

  all(): PreparedBody {
    return this.allBody;
  }

  of(key: string): PreparedBody {
    return this.bodies.get(key) ?? this.empty;
  }

  countOf(key: string): number {
    return this.ranked.get(key)?.length ?? 0;
  }

  totalDeals(): number {
    return this.total;
  }
}
