import { load } from 'cheerio';
import { z } from 'zod';
import { SchemaChangedError } from '../../errors';
import { at } from '../shared/deal-fields';
import type { SpecialsPageEntry } from './specials-entry';

/** A CSS selector the page's parser accepts; checked once so a typo fails at registry load. */
const CssSelector = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .refine(isValidSelector, { message: 'must be a valid CSS selector' });

/**
 * The registry's optional `selectors` for an html dispensary: `deal` picks each deal's element;
 * the others are looked for inside it (the heuristics fill in what is left out).
 */
export const HtmlSelectorsSchema = z.strictObject({
  deal: CssSelector,
  title: CssSelector.optional(),
  description: CssSelector.optional(),
  price: CssSelector.optional(),
  link: CssSelector.optional(),
  image: CssSelector.optional(),
});
export type HtmlSelectors = z.infer<typeof HtmlSelectorsSchema>;

/**
 * The entry's selectors, checked again here since an entry built in code reaches the parser
 * without the registry's schema: none when absent; a schema-changed error naming the entry when
 * they are unusable, so the dispensary's status says why instead of quietly falling back.
 */
export function selectorsOf(entry: SpecialsPageEntry): HtmlSelectors | undefined {
  const value = at(entry, 'selectors');
  if (value === undefined) return undefined;
  const result = HtmlSelectorsSchema.safeParse(value);
  if (result.success) return result.data;
  throw new SchemaChangedError(
    `Registry selectors of '${entry.key}' are unusable: ${z.prettifyError(result.error).replace(/\n/g, '; ')}`,
  );
}

const probe = load('');

function isValidSelector(selector: string): boolean {
  try {
    probe(selector);
    return true;
  } catch {
    return false;
  }
}
