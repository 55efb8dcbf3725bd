import { appendFileSync } from 'node:fs';
import { readDemoDeals } from '../../../apps/server/src/demo/demo-deals';
import {
  scoreSearchRelevance,
  searchRelevanceReport,
} from '../../domain/src/testing/search-relevance';
import { relevanceList, searchRelevanceSet } from '../../domain/src/testing/search-relevance-set';

/**
 * The shopper search's part of `npm run accuracy`: its recall and first-page precision on the
 * domain's labelled queries (packages/domain/src/testing/search-relevance-set.json) against their
 * floors, and every query it serves short of perfect, printed and added to the report file. The
 * queries are labelled on the deals demo mode lists for the set's seed and moment, so demo mode is
 * run in this process to list them (`readDemoDeals`: no port of the service's, half a minute).
 */
export async function reportSearchRelevance(reportFile: string): Promise<void> {
  const set = searchRelevanceSet();
  const at = new Date(set.at);
  process.stdout.write(`\nReading the demo's deals (seed '${set.seed}', ${set.at})...\n`);
  const { deals, dispensaries } = await readDemoDeals({ seed: set.seed, at });
  const views = relevanceList(deals, dispensaries, at);
  const section = searchRelevanceReport(scoreSearchRelevance(set.queries, views), set);
  appendFileSync(reportFile, `\n${section}`);
  process.stdout.write(`\n${section}`);
}
