/**
 * A search the visitor follows, as the page's URL query says it: every filter, without the page
 * number (a followed search is the whole list, not one page of it), its parameters in a fixed
 * order so that two links to the same search are one search.
 *
 * Decision: a radius is left out. It needs the visitor's position, and a followed search is kept
 * by the service and written into a feed's address: no position leaves the browser that way. The
 * dialog says so (`leavesOutDistance`).
 */
export function followedSearch(query: string): string {
  const params = new URLSearchParams(query);
  for (const name of LEFT_OUT) params.delete(name);
  if (params.get('sort') === 'distance') params.delete('sort');
  params.sort();
  return params.toString();
}

const LEFT_OUT = ['page', 'distance', 'lat', 'lng'];

/** Whether following the page's search leaves out its radius or distance sort. */
export function leavesOutDistance(query: string): boolean {
  const params = new URLSearchParams(query);
  const radius = params.get('distance');
  return (radius !== null && radius !== 'all') || params.get('sort') === 'distance';
}

/** The Atom feed of a followed search, absolute, for a feed reader. */
export function feedUrl(search: string, origin: string): string {
  return `${origin}/feeds/deals.atom${search ? `?${search}` : ''}`;
}

/** What this browser keeps of one search's push subscription: what it needs to stop it. */
export interface Follow {
  id: string;
  token: string;
}

const STORAGE_KEY = 'stl-deals:follows';
/** Follows kept in the browser, at most: the service allows 20 subscriptions a day per client. */
const MAX_FOLLOWS = 50;

/**
 * The follows this browser keeps, by search, read defensively: storage is the visitor's, and a
 * damaged or foreign entry is dropped rather than trusted.
 */
export function readFollows(storage: Storage): Map<string, Follow> {
  const follows = new Map<string, Follow>();
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}');
  } catch {
    return follows;
  }
  if (typeof stored !== 'object' || stored === null) return follows;
  for (const [search, value] of Object.entries(stored).slice(0, MAX_FOLLOWS)) {
    if (isFollow(value)) follows.set(search, { id: value.id, token: value.token });
  }
  return follows;
}

export function writeFollows(storage: Storage, follows: ReadonlyMap<string, Follow>): void {
  const kept = [...follows].slice(-MAX_FOLLOWS);
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full or refused (a private window): the follow works, this browser forgets it.
  }
}

function isFollow(value: unknown): value is Follow {
  if (typeof value !== 'object' || value === null) return false;
  const { id, token } = value as Record<string, unknown>;
  return (
    typeof id === 'string' && typeof token === 'string' && id.length <= 100 && token.length <= 200
  );
}
