import { appendFileSync } from 'node:fs';
import {
  productKeyPairs,
  productKeyReport,
  scoreProductKey,
} from '../../domain/src/testing/product-key-accuracy';

/**
 * The product key's part of `npm run accuracy`: its precision and recall on the domain's labelled
 * pairs (packages/domain/src/testing/product-key-pairs.json) against their targets, and every pair
 * it gets wrong, printed and added to the report file.
 */
export function reportProductKeyAccuracy(reportFile: string): void {
  const section = productKeyReport(scoreProductKey(productKeyPairs()));
  appendFileSync(reportFile, `\n${section}`);
  process.stdout.write(`\n${section}`);
}
