/**
 * The operator's command line: `npm run -s cli -- <command>`.
 *   parse --platform NAME [--platform-id ID] [--menu-url URL] [--entry FILE] FILE...
 *     normalized deals of recorded response bodies (as the platform sends them), as JSON on
 *     stdout, parsed exactly as the service would for the store: ID names it on the platform
 *     (links need it), URL is its menu or specials page (relative links resolve on it), and FILE
 *     a registry entry (JSON, as in a registry file) the other options override
 *     (--platform may then be left out)
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
    options: {
      platform: { type: 'string' },
      'platform-id': { type: 'string' },
      'menu-url': { type: 'string' },
      entry: { type: 'string' },
    },
    allowPositionals: true,
  });
  const entry = values.entry
    ? readEntry(values.entry, await readFile(values.entry, 'utf8'))
    : undefined;
  const platform = platformNamed(values.platform ?? entryPlatform(entry));
  if (positionals.length === 0) throw new Error('parse needs at least one FILE');
  const files = await Promise.all(
    positionals.map(async (name) => ({ name, text: await readFile(name, 'utf8') })),
  );
  const deals = parseRecorded(files, {
    platform,
    entry,
    platformId: values['platform-id'],
    menuUrl: values['menu-url'],
  });
  process.stdout.write(`${JSON.stringify(deals, null, 2)}\n`);
}

function readEntry(name: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`Entry file ${name} is not JSON: ${(error as Error).message}`);
  }
}

function entryPlatform(entry: unknown): string | undefined {
  const platform = (entry as { platform?: unknown } | undefined)?.platform;
  return typeof platform === 'string' ? platform : undefined;
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
