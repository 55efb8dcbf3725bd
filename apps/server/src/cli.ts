/**
 * The operator's command line: `npm run -s cli -- <command>`.
 *   parse --platform NAME [--platform-id ID] FILE...   normalized deals of recorded response bodies
 *     (as the platform sends them), as JSON on stdout; ID names the store where links need it
 *   verify-registry [--registry PATH] [--key KEY]   scrapes each entry live and reports what resolves
 *   discover --near LAT,LNG --radius MILES [--platforms FILE] [--out FILE] [--merge FILE] [--demo]
 *     the stores the platforms' directories list around a point, as a registry (discover-command)
 * Exit 1 with a one-line reason on stderr when the input cannot be used.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  createScraper,
  loadRegistry,
  parseRecorded,
  platformNamed,
  ScrapeError,
  type RegistryEntry,
} from '@stl-deals/scraper';
import { discoverCommand } from './discover-command';

async function parseCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { platform: { type: 'string' }, 'platform-id': { type: 'string' } },
    allowPositionals: true,
  });
  const platform = platformNamed(values.platform);
  if (positionals.length === 0) throw new Error('parse needs at least one FILE');
  const files = await Promise.all(
    positionals.map(async (name) => ({ name, text: await readFile(name, 'utf8') })),
  );
  const deals = parseRecorded(platform, files, values['platform-id']);
  process.stdout.write(`${JSON.stringify(deals, null, 2)}\n`);
}

async function verifyRegistryCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { registry: { type: 'string' }, key: { type: 'string' } },
  });
  const { dispensaries } = await loadRegistry(values.registry);
  const chosen = dispensaries.filter((entry) => !values.key || entry.key === values.key);
  if (chosen.length === 0) throw new Error(`No registry entry has key '${values.key ?? ''}'`);
  const scraper = createScraper({
    userAgent: 'STLDealsBot/0.1 (+https://github.com/stl-deals; registry check)',
  });
  let failures = 0;
  try {
    for (const entry of chosen) {
      const line = await verifyEntry(scraper, entry);
      if (line.startsWith('FAIL')) failures++;
      process.stdout.write(`${line}\n`);
    }
  } finally {
    await scraper.close();
  }
  process.stdout.write(`${chosen.length - failures} of ${chosen.length} entries resolve\n`);
  if (failures > 0) process.exitCode = 1;
}

async function verifyEntry(scraper: ReturnType<typeof createScraper>, entry: RegistryEntry) {
  const id = `${entry.key} (${entry.platform}${entry.platformId ? ` ${entry.platformId}` : ''})`;
  try {
    const result = await scraper.scrape(entry, AbortSignal.timeout(120_000));
    const where = result.location
      ? `at ${result.location.lat.toFixed(6)}, ${result.location.lng.toFixed(6)}`
      : 'no coordinates';
    return `ok    ${id}: ${result.deals.length} deals via ${result.transport}, ${where}`;
  } catch (error) {
    const kind = error instanceof ScrapeError ? error.kind : 'error';
    return `FAIL  ${id}: ${kind}: ${(error as Error).message}`;
  }
}

const COMMANDS: Record<string, (args: string[]) => Promise<void>> = {
  parse: parseCommand,
  'verify-registry': verifyRegistryCommand,
  discover: discoverCommand,
};

const [command = '', ...rest] = process.argv.slice(2);
const run = COMMANDS[command];
if (!run) {
  process.stderr.write(
    `Unknown command '${command}'. Commands: ${Object.keys(COMMANDS).join(', ')}\n`,
  );
  process.exit(1);
}
run(rest).catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${message.split('\n')[0]}\n`);
  process.exit(1);
});
