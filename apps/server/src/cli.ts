/**
 * The operator's command line: `npm run -s cli -- <command>`; `--help` lists the commands and
 * their options (USAGE below). Exit 1 with a one-line reason on stderr when the input cannot be
 * used, 2 for a command or option it does not know.
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
import type { Deal, Potency } from '@stl-deals/domain';
import { discoverCommand } from './discover-command';

async function parseCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      platform: { type: 'string' },
      'platform-id': { type: 'string' },
      'menu-url': { type: 'string' },
      entry: { type: 'string' },
      potency: { type: 'boolean' },
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
  process.stdout.write(
    values.potency ? potencyTable(deals) : `${JSON.stringify(deals, null, 2)}\n`,
  );
}

/** One line per deal: its title, size, category, THC, CBD and strain type, tab-separated. */
function potencyTable(deals: readonly Deal[]): string {
  const figure = (potency: Potency | undefined) =>
    potency === undefined
      ? '-'
      : `${potency.min === potency.max ? potency.min : `${potency.min}-${potency.max}`}${potency.unit}`;
  const lines = deals.map((deal) =>
    [
      deal.title,
      deal.size ?? '-',
      deal.category ?? '-',
      `THC ${figure(deal.thc)}`,
      `CBD ${figure(deal.cbd)}`,
      deal.strainType ?? '-',
    ].join('\t'),
  );
  return lines.map((line) => `${line}\n`).join('');
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

interface Command {
  run: (args: string[]) => Promise<void>;
  usage: string;
}

const COMMANDS: Record<string, Command> = {
  parse: {
    run: parseCommand,
    usage: `parse [--platform NAME] [--platform-id ID] [--menu-url URL] [--entry FILE] [--potency] FILE...
    Prints the normalized deals of recorded response bodies (as the platform sends them) as JSON,
    parsed exactly as the service would for the store, each with its thc and cbd ({min, max,
    unit}) and strainType where stated. ID names the store on its platform (links need it); URL is
    its menu or specials page (relative links resolve on it); --entry reads a registry entry
    (JSON, as in a registry file) that the other options override (--platform may then be left
    out); --potency prints one line per deal instead: title, size, category, THC, CBD and strain
    type, tab-separated.`,
  },
  'verify-registry': {
    run: verifyRegistryCommand,
    usage: `verify-registry [--registry PATH] [--key KEY]
    Scrapes each registry entry (or the one KEY names) live and reports what resolves; exit 1
    when any entry fails. PATH defaults to the bundled St. Louis registry.`,
  },
  discover: {
    run: discoverCommand,
    usage: `discover --near LAT,LNG --radius MILES [--platforms FILE] [--out FILE] [--merge FILE] [--demo]
    Asks the platforms' store directories for the stores around a point and prints (or writes to
    --out) a registry the service accepts as DEALS_REGISTRY; --merge adds the new stores to an
    existing registry file; --platforms reads a PLATFORMS_CONFIG file; --demo asks the platform
    simulator instead, writing its addresses for demo mode's simulator (DEMO_SIMULATOR_PORT).`,
  },
};

const USAGE = `Usage: npm run -s cli -- <command> [options]

Commands:
${Object.values(COMMANDS)
  .map(({ usage }) => `  ${usage}`)
  .join('\n\n')}

  help, --help
    Prints this text. Any command followed by --help prints it too.
`;

const HELP_OPTIONS = new Set(['--help', '-h']);
const [name = '', ...rest] = process.argv.slice(2);
const command = COMMANDS[name];
if (
  name === 'help' ||
  HELP_OPTIONS.has(name) ||
  (command && rest.some((arg) => HELP_OPTIONS.has(arg)))
) {
  process.stdout.write(USAGE);
} else if (!command) {
  process.stderr.write(
    `${name === '' ? 'No command given.' : `Unknown command '${name}'.`}\n\n${USAGE}`,
  );
  process.exitCode = 2;
} else {
  command.run(rest).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${message.split('\n')[0]}\n`);
    // An option the command does not know is a usage error, like an unknown command.
    const code = (error as { code?: unknown }).code;
    process.exitCode = code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? 2 : 1;
  });
}
