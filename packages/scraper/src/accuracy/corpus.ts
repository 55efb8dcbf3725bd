import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PlatformSchema, type Deal } from '@stl-deals/domain';
import { z } from 'zod';
import { at } from '../adapters/shared/deal-fields';
import { parseRecorded } from '../recorded';

/**
 * The labelled corpus: real platform answers from other shops and states, each case a file
 * `corpus/<platform>/<case>.json` naming where its payloads come from (a trimmed copy beside it,
 * or a third-party capture in ../shared/fixtures read in place), the store it was answered for,
 * and the deals a person read out of it by hand.
 */
export const CORPUS_DIR = fileURLToPath(new URL('../../corpus/', import.meta.url));
/** The third-party captures beside the project (never copied into it). */
export const SHARED_FIXTURES_DIR = fileURLToPath(
  new URL('../../../../../shared/fixtures/', import.meta.url),
);

const Money = z.number().nonnegative().nullable();
const PotencyLabel = z
  .strictObject({
    min: z.number().positive(),
    max: z.number().positive(),
    unit: z.enum(['%', 'mg']),
  })
  .nullable();

/** One deal as a person reads it from the payload; null where the payload says nothing. */
export const LabelSchema = z.strictObject({
  title: z.string().min(1),
  brand: z.string().nullable(),
  category: z.string().nullable(),
  size: z.string().nullable(),
  regularPrice: Money,
  salePrice: Money,
  discountPercent: z.number().int().min(1).max(99).nullable(),
  unitPrice: z
    .strictObject({ amount: z.number().positive(), per: z.enum(['g', '100mg']) })
    .nullable(),
  specialName: z.string().nullable(),
  /**
   * The product's THC and CBD as a person reads them off the payload and the product's words
   * (total THC; percent for flower-like forms, the package's mg for edibles and topicals), null
   * where nothing states one. Absent where the case does not label potency.
   */
  thc: PotencyLabel.optional(),
  cbd: PotencyLabel.optional(),
  /** Why the label reads as it does where the payload could be read two ways. */
  note: z.string().optional(),
});
export type Label = z.infer<typeof LabelSchema>;

/**
 * Where a payload comes from: `file` beside the case (a trimmed copy of a public source), or
 * `shared`, a capture under ../shared/fixtures read in place. A capture may sit in its recorder's
 * envelope (`select`, the path of the platform's answer in it), hold more items than the case
 * labels (`items` is the path of the list, `from` and `first` which are kept) or hold the
 * platform's records without their answer around them (`wrap`, the path the answer keeps its list
 * at; `embed: 'next-data'` puts a page's Next.js state back in its page, as Leafly serves it).
 */
const PayloadSchema = z.strictObject({
  file: z
    .string()
    .regex(/^[\w.-]+$/)
    .optional(),
  shared: z
    .string()
    .regex(/^[\w-]+\/[\w.-]+$/)
    .optional(),
  select: z.string().optional(),
  items: z.string().optional(),
  from: z.number().int().nonnegative().optional(),
  first: z.number().int().positive().optional(),
  wrap: z.string().optional(),
  embed: z.literal('next-data').optional(),
});

export const CaseSchema = z.strictObject({
  platform: PlatformSchema,
  shop: z.string().min(1),
  state: z.string().length(2),
  /** What kind of answer it is, for the report: a menu, a specials-only answer, no discounts. */
  kind: z.enum(['menu', 'specials', 'no-discounts', 'specials-page']),
  store: z.strictObject({
    platformId: z.string().optional(),
    menuUrl: z.string().optional(),
    specialsUrl: z.string().optional(),
  }),
  source: z.strictObject({
    repository: z.string(),
    commit: z.string().regex(/^[0-9a-f]{7,40}$/),
    path: z.string(),
    date: z.string(),
    note: z.string(),
  }),
  payloads: z.array(PayloadSchema).min(1),
  labels: z.array(LabelSchema),
  /** Fields of labelled deals the adapter is known to get wrong, as `<title>: <field>`. */
  knownMisses: z.array(z.string()).default([]),
});
export type CorpusCase = z.infer<typeof CaseSchema> & { name: string };

/** Every case of the corpus, by platform and name. */
export function loadCorpus(dir: string = CORPUS_DIR): CorpusCase[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((platform) =>
      readdirSync(join(dir, platform.name))
        .filter((file) => file.endsWith('.json') && !file.includes('.payload.'))
        .sort()
        .map((file) => {
          const text = readFileSync(join(dir, platform.name, file), 'utf8');
          const parsed = CaseSchema.safeParse(JSON.parse(text));
          if (!parsed.success) {
            throw new Error(`corpus/${platform.name}/${file}: ${parsed.error.issues[0]?.message}`);
          }
          return { ...parsed.data, name: `${platform.name}/${file.replace(/\.json$/, '')}` };
        }),
    );
}

/** The shared captures a case reads that are not on this machine (the case is then skipped). */
export function missingShared(corpusCase: CorpusCase, shared = SHARED_FIXTURES_DIR): string[] {
  return corpusCase.payloads
    .map((payload) => payload.shared)
    .filter((path): path is string => path !== undefined && !existsSync(join(shared, path)));
}

const pathOf = (path: string | undefined) => (path ? path.split('.') : []);

function nest(value: unknown, path: string): unknown {
  return pathOf(path).reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
}

/** A payload's text as the platform answered it, trimmed and unwrapped as the case says. */
export function payloadText(
  corpusCase: CorpusCase,
  payload: z.infer<typeof PayloadSchema>,
  dir = CORPUS_DIR,
  shared = SHARED_FIXTURES_DIR,
): string {
  const file = payload.file
    ? join(dir, corpusCase.platform, payload.file)
    : join(shared, payload.shared ?? '');
  const text = readFileSync(file, 'utf8');
  if (payload.embed === 'next-data') {
    return `<html><body><script id="__NEXT_DATA__" type="application/json">${text}</script></body></html>`;
  }
  if (payload.select === undefined && payload.first === undefined && !payload.wrap) return text;
  let body = at(JSON.parse(text), ...pathOf(payload.select));
  if (payload.first !== undefined) {
    const list = at(body, ...pathOf(payload.items));
    if (!Array.isArray(list)) throw new Error(`${corpusCase.name}: no list at '${payload.items}'`);
    const from = payload.from ?? 0;
    const kept = list.slice(from, from + payload.first);
    body = payload.items ? replaceAt(body, pathOf(payload.items), kept) : kept;
  }
  if (payload.wrap) body = nest(Array.isArray(body) ? body : [body], payload.wrap);
  return JSON.stringify(body);
}

function replaceAt(value: unknown, path: string[], replacement: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return replacement;
  const record = value as Record<string, unknown>;
  return { ...record, [key]: replaceAt(record[key], rest, replacement) };
}

/** The deals the service would store for the case's payloads, parsed for its store. */
export function parseCase(
  corpusCase: CorpusCase,
  dir = CORPUS_DIR,
  shared = SHARED_FIXTURES_DIR,
): Deal[] {
  const files = corpusCase.payloads.map((payload, index) => ({
    name: `${corpusCase.name}#${index}`,
    text: payloadText(corpusCase, payload, dir, shared),
  }));
  return parseRecorded(files, {
    platform: corpusCase.platform,
    entry: {
      key: 'corpus',
      name: corpusCase.shop,
      platform: corpusCase.platform,
      ...corpusCase.store,
    },
  });
}
