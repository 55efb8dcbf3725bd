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
 * platforms), whose directories answer in the platforms' formats; loaded only here.
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
  try {
    const config = mergePlatformConfig(simulator.platformOverride, operator);
    return await run(config, [new URL(simulator.url).hostname]);
  } finally {
    await simulator.stop();
  }
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
