/**
 * `npm run accuracy`: parses every case of the labelled corpus as the service would, prints how
 * many deals each platform finds and how many of their fields are exactly right, and writes the
 * same report to test-results/accuracy.md. Cases whose third-party captures (../shared/fixtures)
 * are not on this machine are skipped and listed. Then the product key's precision and recall on
 * its labelled pairs, and the shopper search's recall and first-page precision on its labelled
 * queries over the demo's deals, each added to the report.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCorpus, missingShared, parseCase } from '../src/accuracy/corpus';
import { accuracyReport, type PlatformResult } from '../src/accuracy/report';
import { addScore, emptyTally, scoreCase } from '../src/accuracy/score';
import { reportProductKeyAccuracy } from './product-key-accuracy';
import { reportSearchRelevance } from './search-relevance-accuracy';

const results = new Map<string, PlatformResult>();
const skipped: string[] = [];
let total = emptyTally();
for (const corpusCase of loadCorpus()) {
  const missing = missingShared(corpusCase);
  if (missing.length > 0) {
    skipped.push(`${corpusCase.name} (needs ${missing.join(', ')})`);
    continue;
  }
  const score = scoreCase(corpusCase.labels, parseCase(corpusCase));
  const result = results.get(corpusCase.platform) ?? {
    platform: corpusCase.platform,
    cases: [],
    tally: emptyTally(),
  };
  result.cases.push({ corpusCase, score });
  result.tally = addScore(result.tally, score);
  results.set(corpusCase.platform, result);
  total = addScore(total, score);
}

const report = accuracyReport([...results.values()], total, skipped);
const out = fileURLToPath(new URL('../../../test-results/', import.meta.url));
mkdirSync(out, { recursive: true });
writeFileSync(`${out}accuracy.md`, report);
process.stdout.write(`${report}\nWritten to test-results/accuracy.md\n`);
reportProductKeyAccuracy(`${out}accuracy.md`);
await reportSearchRelevance(`${out}accuracy.md`);
