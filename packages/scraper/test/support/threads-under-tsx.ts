/*
 * Run by tsx, as `npm run demo` runs the service from its sources: three parser pools in turn,
 * each starting a thread, planning one store's read and closing. Prints this process's esbuild
 * children afterwards, as JSON: { running, finished }, finished being ended and never reaped.
 */
import { execFileSync } from 'node:child_process';
import { DEFAULT_PLATFORM_CONFIG } from '../../src/platform-config';
import { createParserPool } from '../../src/parsing/parser';

const FEED = {
  key: 'feed-store',
  name: 'Feed Store',
  platform: 'feed',
  menuUrl: 'https://feed.example/deals.json',
} as const;

for (let round = 0; round < 3; round += 1) {
  const pool = createParserPool({ timeLimitMs: 10_000, memoryMb: 256, threads: 1 });
  await pool.plan(
    { entry: FEED, received: [], config: DEFAULT_PLATFORM_CONFIG },
    new AbortController().signal,
  );
  await pool.close();
}
// An ended child is reaped within moments, or never.
await new Promise((resolve) => setTimeout(resolve, 500));
const rows = execFileSync('ps', ['-o', 'stat=,comm=', '--ppid', String(process.pid)], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((row) => row.includes('esbuild'));
console.log(
  JSON.stringify({
    running: rows.filter((row) => !row.trim().startsWith('Z')).length,
    finished: rows.filter((row) => row.trim().startsWith('Z')).length,
  }),
);
