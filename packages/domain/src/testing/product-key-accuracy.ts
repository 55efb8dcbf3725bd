import { z } from 'zod';
import { DealCategorySchema } from '../contract/values';
import { productKey } from '../rules/product-key';
import labelled from './product-key-pairs.json';

/**
 * How well `productKey` tells one product across stores: its precision and recall on a labelled
 * set of deal pairs (product-key-pairs.json, each pair's source named in it). A pair is predicted
 * the same product when both deals have a key and the keys are equal; a deal without a key (a
 * store special) matches nothing. The domain's test holds the rule to the targets; `npm run
 * accuracy` prints the figures.
 */

/** Wrongly merging two products hides a deal; missing a match only shows a product twice. */
export const PRODUCT_KEY_TARGETS = { precision: 0.98, recall: 0.9 } as const;

const DealSideSchema = z.strictObject({
  title: z.string().min(1),
  brand: z.string().min(1).optional(),
  size: z.string().min(1).optional(),
  category: DealCategorySchema.optional(),
});

const PairSchema = z.strictObject({
  id: z.string().regex(/^p\d{3,}$/),
  same: z.boolean(),
  /** What makes the pair hard: 'same product, another size', 'brand prefix and suffix', ... */
  kind: z.string().min(1),
  a: DealSideSchema,
  b: DealSideSchema,
  source: z.string().min(1),
  note: z.string().optional(),
});
export type ProductKeyPair = z.infer<typeof PairSchema>;

const PairSetSchema = z.strictObject({
  about: z.array(z.string()),
  pairs: z.array(PairSchema).min(1),
});

/** The labelled pairs, validated: a malformed pair is an error naming it. */
export function productKeyPairs(data: unknown = labelled): ProductKeyPair[] {
  const parsed = PairSetSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `product-key-pairs.json: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`,
    );
  }
  const ids = new Set<string>();
  for (const pair of parsed.data.pairs) {
    if (ids.has(pair.id)) throw new Error(`product-key-pairs.json: pair ${pair.id} twice`);
    ids.add(pair.id);
  }
  return parsed.data.pairs;
}

/** A pair the rule gets wrong, with the keys it gave. */
export interface ProductKeyMiss {
  pair: ProductKeyPair;
  keys: [string | null, string | null];
}

export interface ProductKeyScore {
  pairs: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  trueNegatives: number;
  /** Of the pairs given the same key, the share that are one product (1 when none are). */
  precision: number;
  /** Of the pairs that are one product, the share given the same key. */
  recall: number;
  /** Merged products (false positives) first: they cost the most. */
  misses: ProductKeyMiss[];
}

export function scoreProductKey(
  pairs: readonly ProductKeyPair[],
  key: typeof productKey = productKey,
): ProductKeyScore {
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  let trueNegatives = 0;
  const merged: ProductKeyMiss[] = [];
  const missed: ProductKeyMiss[] = [];
  for (const pair of pairs) {
    const keys: [string | null, string | null] = [key(pair.a), key(pair.b)];
    const predicted = keys[0] !== null && keys[0] === keys[1];
    if (predicted && pair.same) truePositives++;
    else if (predicted) {
      falsePositives++;
      merged.push({ pair, keys });
    } else if (pair.same) {
      falseNegatives++;
      missed.push({ pair, keys });
    } else trueNegatives++;
  }
  const predictedSame = truePositives + falsePositives;
  const labelledSame = truePositives + falseNegatives;
  return {
    pairs: pairs.length,
    truePositives,
    falsePositives,
    falseNegatives,
    trueNegatives,
    precision: predictedSame === 0 ? 1 : truePositives / predictedSame,
    recall: labelledSame === 0 ? 1 : truePositives / labelledSame,
    misses: [...merged, ...missed],
  };
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const against = (value: number, target: number) =>
  `${percent(value)} (target >= ${percent(target)}: ${value >= target ? 'met' : 'NOT met'})`;

/** The score as a Markdown section: the two figures against their targets, then every miss. */
export function productKeyReport(score: ProductKeyScore): string {
  const lines = [
    '## Product key: one product across stores',
    '',
    `${score.pairs} labelled pairs (${score.truePositives + score.falseNegatives} the same product); ` +
      `${score.truePositives} matched, ${score.falsePositives} merged wrongly, ${score.falseNegatives} missed.`,
    '',
    '| Measure | Value |',
    '| --- | ---: |',
    `| Precision | ${against(score.precision, PRODUCT_KEY_TARGETS.precision)} |`,
    `| Recall | ${against(score.recall, PRODUCT_KEY_TARGETS.recall)} |`,
    '',
  ];
  if (score.misses.length > 0) {
    lines.push('Pairs the key gets wrong:', '');
    for (const { pair, keys } of score.misses) {
      const verdict = pair.same ? 'missed' : 'merged';
      lines.push(
        `- ${pair.id} (${verdict}, ${pair.kind}): '${pair.a.title}' -> ${keys[0] ?? 'no key'}; ` +
          `'${pair.b.title}' -> ${keys[1] ?? 'no key'}`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}
