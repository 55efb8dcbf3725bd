import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import {
  dealGrams,
  deriveCategory,
  logoUrlsFor,
  PAGE_DEAL_FIELDS,
  type Deal,
} from '@stl-deals/domain';
import { deals, DISPENSARIES, readyStatus } from './fixtures';

/**
 * The service as set up by default: no mail server (`SMTP_URL` unset), so no email is offered.
 * A test of email answers otherwise (`server.use`); every handler of a test is reset after it.
 */
export const server = setupServer(
  http.get('/api/email', () => HttpResponse.json({ enabled: false, cadences: [] })),
);

/** The API paths of the spec (section 7), relative to the page's origin. */
export const API = {
  root: '/',
  dispensaries: '/api/scraper/dispensaries',
  ping: '/api/monitoring/scraper/ping',
  status: '/api/monitoring/scraper/status',
  deals: '/api/reactive/deals',
  refreshOne: '/api/scraper/refresh/:key',
  refreshAll: '/api/scraper/refresh/all',
} as const;

export interface ServiceAnswers {
  dispensaries?: JsonBodyType;
  status?: JsonBodyType;
  /** The answer for all dispensaries. */
  deals?: JsonBodyType;
  /** The answers per dispensary key (`?dispensary=`). */
  dealsOf?: Record<string, JsonBodyType>;
}

/** A healthy service answering `answers` (a ready cache with three deals by default). */
export function serve(answers: ServiceAnswers = {}) {
  const all = answers.deals ?? deals(3);
  server.use(
    http.get(API.root, () => new HttpResponse('<!doctype html>', { status: 200 })),
    http.get(API.dispensaries, () => HttpResponse.json(answers.dispensaries ?? DISPENSARIES)),
    http.get(API.ping, () => HttpResponse.json({ ok: true })),
    http.get(API.status, () => HttpResponse.json(answers.status ?? readyStatus())),
    http.get(API.deals, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const key = query.get('dispensary');
      const answer = key === null ? all : (answers.dealsOf?.[key] ?? []);
      // The service chooses a store's logo by the registry's name, also for a deal sent unstamped.
      const name = key === null ? undefined : nameIn(answers.dispensaries ?? DISPENSARIES, key);
      // As the service answers `view=page`, so the page is tested on the fields it asks for.
      return HttpResponse.json(query.get('view') === 'page' ? pageFieldsOf(answer, name) : answer);
    }),
  );
}

/** The name a dispensary list answer gives `key`, when it is a list that names it. */
function nameIn(list: JsonBodyType, key: string): string | undefined {
  if (!Array.isArray(list)) return undefined;
  const entry = (list as unknown[]).find(
    (item) => item !== null && typeof item === 'object' && (item as { key?: unknown }).key === key,
  );
  const name = (entry as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? name : undefined;
}

/**
 * The deals of a JSON answer as the service's `view=page` sends them: cut to the fields it keeps,
 * with the category the service derives where the deal has none, the weight it reads from the
 * size and the logos it chooses for the card; anything else as it is.
 */
function pageFieldsOf(answer: JsonBodyType, storeName?: string): JsonBodyType {
  if (!Array.isArray(answer)) return answer;
  const keep = new Set<string>(PAGE_DEAL_FIELDS);
  return (answer as unknown[]).map((deal: unknown) =>
    deal !== null && typeof deal === 'object' && !Array.isArray(deal)
      ? Object.fromEntries(
          Object.entries(asServed(deal as Record<string, unknown>, storeName)).filter(([field]) =>
            keep.has(field),
          ),
        )
      : deal,
  ) as JsonBodyType;
}

/** `storeName`: the registry's name of the one dispensary asked for, if one was. */
function asServed(deal: Record<string, unknown>, storeName?: string): Record<string, unknown> {
  const { title, description } = deal;
  if (typeof title !== 'string' || typeof description !== 'string') return deal;
  const category = deriveCategory(deal as Pick<Deal, 'title' | 'description'>);
  const grams = dealGrams({ ...(deal as Pick<Deal, 'size'>), category });
  // A test's hostile brand or store name is one the service would have refused: no logo by it.
  const { brand, dispensary } = deal;
  const logoUrls = logoUrlsFor({
    title,
    description,
    brand: typeof brand === 'string' ? brand : undefined,
    dispensary: storeName ?? (typeof dispensary === 'string' ? dispensary : undefined),
  });
  return {
    ...deal,
    category,
    ...(grams > 0 ? { grams } : {}),
    ...(logoUrls.length > 0 ? { logoUrls } : {}),
  };
}

/** A promise the test settles when it wants a held answer to go out. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

export interface SeenRequest {
  method: string;
  /** The path and query, without `view`. */
  path: string;
  view: string | null;
  contentType: string | null;
  body: Promise<string>;
}

/** Every request the page sends from now on, in order. */
export function recordRequests(): SeenRequest[] {
  const seen: SeenRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    // `view` is left out of `path`, so calls compare by what they ask for; it is kept apart.
    const view = url.searchParams.get('view');
    url.searchParams.delete('view');
    seen.push({
      method: request.method,
      path: `${url.pathname}${url.search}`,
      view,
      contentType: request.headers.get('content-type'),
      body: request.clone().text(),
    });
  });
  return seen;
}

export function callsTo(seen: readonly SeenRequest[], path: string, method = 'GET'): number {
  return seen.filter((request) => request.method === method && request.path === path).length;
}

/** One answer of a call; see `inTurn`. */
export type Answer = () => Response | Promise<Response>;

export const answer = {
  json:
    (body: JsonBodyType): Answer =>
    () =>
      HttpResponse.json(body),
  status:
    (status: number, statusText?: string): Answer =>
    () =>
      new HttpResponse(null, { status, statusText }),
  networkError: (): Answer => () => HttpResponse.error(),
  /** Never answers: the page's timeout has to end the call. */
  never: (): Answer => () => new Promise<Response>(() => undefined),
  /** `then`, once the test opens `held`. */
  after:
    (held: Promise<void>, then: Answer): Answer =>
    async () => {
      await held;
      return then();
    },
};

/** A resolver giving `answers` one per call, repeating the last one. */
export function inTurn(...answers: Answer[]) {
  let call = 0;
  return () => answers[Math.min(call++, answers.length - 1)]!();
}
