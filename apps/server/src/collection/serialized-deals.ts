import {
  PAGE_DEAL_FIELDS,
  pageDealOf,
  varietyKeys,
  type Deal,
  type DealListView,
} from '@stl-deals/domain';

const PAGE_FIELDS: ReadonlySet<string> = new Set(PAGE_DEAL_FIELDS);

/**
 * One deal as the read model keeps it once its object is let go: its JSON in both views, as bytes
 * of its store result's one buffer (see `serializeDeals`), and its variety keys.
 *
 * The page view is most of the full view, so the full view is not kept whole: only what it adds
 * after the page view's fields (the fields the page never reads), written in place of the page
 * view's closing brace. Its fields then come in the page view's order, then the others. Only a
 * deal whose page view cut a text or left out an address keeps its full view whole.
 */
export class SerializedDeal {
  constructor(
    /** Its store result's buffer, shared by every deal of that result. */
    private readonly bytes: Buffer,
    /** Where its page view's JSON starts in `bytes`. */
    private readonly start: number,
    /** Where its page view's JSON ends and its full view's own bytes start. */
    private readonly pageEnd: number,
    /** Where its full view's own bytes end: `pageEnd` when the full view is the page view. */
    private readonly end: number,
    /** Whether its full view's own bytes are that view whole, not what it adds. */
    private readonly fullWhole: boolean,
    /** Its special and its store, which the variety rule keeps from running on (see relevance). */
    readonly variety: ReturnType<typeof varietyKeys>,
  ) {}

  /** The length of its JSON in `view`, in bytes. */
  byteLength(view: DealListView): number {
    if (view === 'page' || this.end === this.pageEnd) return this.pageEnd - this.start;
    if (this.fullWhole) return this.end - this.pageEnd;
    return this.pageEnd - 1 - this.start + (this.end - this.pageEnd);
  }

  /** Copies its JSON in `view` into `target` at `at`, and answers where it ends there. */
  copyTo(view: DealListView, target: Buffer, at: number): number {
    const { bytes, start, pageEnd, end } = this;
    if (view === 'page' || end === pageEnd) return at + bytes.copy(target, at, start, pageEnd);
    if (this.fullWhole) return at + bytes.copy(target, at, pageEnd, end);
    const fields = at + bytes.copy(target, at, start, pageEnd - 1);
    return fields + bytes.copy(target, fields, pageEnd, end);
  }

  /** Its page view's JSON as text: what the feeds decode. */
  pageJson(): string {
    return this.bytes.toString('utf8', this.start, this.pageEnd);
  }
}

/**
 * A store result's deals serialized in both views, as the read model made them (their price per
 * item and multi-buy worked out, see `DealsReadModel.replace`).
 *
 * Their bytes are one buffer of the exact size, outside the JS heap: the collector never moves
 * them, and no buffer pool's slab is kept alive by a few live deals among dead allocations.
 */
export function serializeDeals(deals: readonly Deal[]): SerializedDeal[] {
  const texts = deals.map(viewTexts);
  let length = 0;
  for (const { page, full } of texts) {
    length += Buffer.byteLength(page) + Buffer.byteLength(full);
  }
  const bytes = Buffer.allocUnsafeSlow(length);
  let at = 0;
  return texts.map(({ page, full, fullWhole }, index) => {
    const start = at;
    const pageEnd = start + bytes.write(page, start);
    at = pageEnd + bytes.write(full, pageEnd);
    return new SerializedDeal(bytes, start, pageEnd, at, fullWhole, varietyKeys(deals[index]!));
  });
}

/**
 * A deal's page view's JSON, and its full view's own text: what the full view adds after the
 * page view's fields (`,"field":value…}`, or '' for nothing), or that view whole.
 */
function viewTexts(priced: Deal): { page: string; full: string; fullWhole: boolean } {
  const pageDeal: Record<string, unknown> = pageDealOf(priced);
  const page = JSON.stringify(pageDeal);
  const cut = PAGE_DEAL_FIELDS.some((field) => pageDeal[field] !== priced[field]);
  // JSON.stringify leaves out the fields a deal does not have (undefined).
  if (cut || page === '{}') return { page, full: JSON.stringify(priced), fullWhole: true };
  const others: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(priced)) {
    if (!PAGE_FIELDS.has(field)) others[field] = value;
  }
  const added = JSON.stringify(others);
  return { page, full: added === '{}' ? '' : `,${added.slice(1)}`, fullWhole: false };
}
