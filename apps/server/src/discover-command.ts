import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { GeoPoint } from '@stl-deals/domain';
import {
  ADAPTERS,
  createJsonClient,
  createScraper,
  discover,
  loadRegistry,
  mergePlatformConfig,
  mergeRegistries,
  parseRegistry,
  readPlatformConfigFile,
  type PlatformConfig,
  type Registry,
} from '@stl-deals/scraper';
import { loadDemoConfig } from './demo/demo-config';

const USER_AGENT = 'STLDealsBot/0.1 (+https://github.com/stl-deals; store discovery)';

/**
 * `discover --near LAT,LNG --radius MILES [--platforms FILE] [--out FILE] [--merge FILE] [--demo]`:
 * asks the platforms' store directories around a point and prints (or writes) a registry the
 * service accepts as DEALS_REGISTRY. The per-directory report goes to stderr.
 */
export async function discoverCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      near: { type: 'string' },
      radius: { type: 'string' },
      platforms: { type: 'string' },
      out: { type: 'string' },
      merge: { type: 'string' },
      demo: { type: 'boolean', default: false },
    },
  });
  const near = pointOf(values.near);
  const radiusMiles = Number(values.radius);
  if (!(radiusMiles > 0 && radiusMiles <= 200)) {
    throw new Error('discover needs --radius MILES, a number above 0 and at most 200');
  }
  const existing = values.merge ? await loadRegistry(values.merge) : undefined;
  const operator = mergePlatformConfig(
    values.platforms ? readPlatformConfigFile(values.platforms) : {},
    undefined,
    `platforms configuration ${values.platforms ?? ''}`,
  );
  const run = (config: PlatformConfig, allowPrivateHosts: string[]) =>
    discoverWith(config, allowPrivateHosts, { near, radiusMiles });
  const found = values.demo ? await inDemo(run, operator) : await run(operator, []);

  let registry = found;
  if (existing) {
    const merged = mergeRegistries(existing, found.dispensaries);
    for (const line of merged.conflicts) process.stderr.write(`conflict: ${line}\n`);
    process.stderr.write(`merged into ${values.merge}: ${merged.added} new stores\n`);
    registry = parseRegistry(merged.registry, 'merged registry');
  }
  const text = `${JSON.stringify(registry, null, 2)}\n`;
  if (values.out) {
    await writeFile(values.out, text);
    process.stderr.write(`wrote ${registry.dispensaries.length} dispensaries to ${values.out}\n`);
  } else {
    process.stdout.write(text);
  }
}

async function discoverWith(
  config: PlatformConfig,
  allowPrivateHosts: string[],
  query: { near: GeoPoint; radiusMiles: number },
): Promise<Registry> {
  const minHostDelayMs = allowPrivateHosts.length > 0 ? 0 : 1_000;
  const client = createJsonClient({
    userAgent: USER_AGENT,
    allowPrivateHosts,
    maxBytes: 8 * 1024 * 1024,
    minHostDelayMs,
  });
  // Chromium, launched only if a directory blocks plain http (CHROMIUM_PATH).
  const browser = createScraper({
    userAgent: USER_AGENT,
    platforms: config,
    allowPrivateHosts,
    minHostDelayMs,
    ...(process.env.CHROMIUM_PATH ? { chromiumPath: process.env.CHROMIUM_PATH } : {}),
  });
  try {
    const { registry, report } = await discover({
      query,
      config,
      client,
      browser,
      signal: AbortSignal.timeout(10 * 60_000),
      now: new Date(),
    });
    for (const line of report) process.stderr.write(`${line}\n`);
    return registry;
  } finally {
    client.close();
    await browser.close();
  }
}

/**
 * The same discovery against the simulator (the bundled registry's stores on simulated
 * platforms), whose directories answer in the platforms' formats; loaded only here. This
 * command's simulator closes when it ends, so the addresses it found on it (store websites and
 * specials pages) are written for demo mode's simulator instead, which serves the same paths on
 * DEMO_SIMULATOR_PORT: the file is then usable as `DEALS_REGISTRY=<file> npm run demo`.
 */
async function inDemo(
  run: (config: PlatformConfig, allowPrivateHosts: string[]) => Promise<Registry>,
  operator: PlatformConfig,
): Promise<Registry> {
  const { assignPlatforms, SIMULATED_PLATFORM_NAMES, startSimulator } =
    await import('@stl-deals/simulator');
  const scraped = SIMULATED_PLATFORM_NAMES.filter((platform) => ADAPTERS[platform]);
  const registry = assignPlatforms(await loadRegistry(), scraped);
  const simulator = await startSimulator({ registry, seed: 'stl-deals-demo' });
  const demoOrigin = `http://127.0.0.1:${loadDemoConfig(process.env).demo.DEMO_SIMULATOR_PORT}`;
  try {
    const config = mergePlatformConfig(simulator.platformOverride, operator);
    const found = await run(config, [new URL(simulator.url).hostname]);
    process.stderr.write(
      `simulated addresses are written for demo mode's simulator at ${demoOrigin} ` +
        `(DEMO_SIMULATOR_PORT); this command's own simulator has closed\n`,
    );
    return rebased(found, new URL(simulator.url).origin, demoOrigin);
  } finally {
    await simulator.stop();
  }
}

/** The registry with each entry's own addresses on `from` moved to `to` (same paths). */
export function rebased(registry: Registry, from: string, to: string): Registry {
  const move = (url: string | undefined) =>
    url !== undefined && new URL(url).origin === from ? `${to}${url.slice(from.length)}` : url;
  return {
    dispensaries: registry.dispensaries.map((entry) => ({
      ...entry,
      menuUrl: move(entry.menuUrl),
      specialsUrl: move(entry.specialsUrl),
      website: move(entry.website),
    })),
  };
}

function pointOf(value: string | undefined): GeoPoint {
  const [lat, lng, ...rest] = (value ?? '').split(',').map((part) => Number(part.trim()));
  if (
    rest.length > 0 ||
    lat === undefined ||
    lng === undefined ||
    !(Math.abs(lat) <= 90) ||
    !(Math.abs(lng) <= 180) ||
    (value ?? '').trim() === ''
  ) {
    throw new Error('discover needs --near LAT,LNG, e.g. --near 38.627,-90.199');
  }
  return { lat, lng };
}
