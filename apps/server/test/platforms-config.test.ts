import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CacheStatusSchema } from '@stl-deals/domain';
import { DEFAULT_PLATFORM_CONFIG, type PlatformConfigOverride } from '@stl-deals/scraper';
import { startSimulator, type Simulator } from '@stl-deals/simulator';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApp, tempDir } from './support/harness';

/** Hashes Dutchie moved to, which the code's defaults do not know. */
const ROTATED = Object.fromEntries(
  Object.keys(DEFAULT_PLATFORM_CONFIG.dutchieHashes).map((name, index) => [
    name,
    String(index + 1).repeat(64),
  ]),
) as typeof DEFAULT_PLATFORM_CONFIG.dutchieHashes;

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator({
    registry: { dispensaries: [{ key: 'arch', name: 'Arch Dispensary', platform: 'dutchie' }] },
    seed: 'platforms-config',
    dutchieHashes: ROTATED,
  });
});
afterAll(() => simulator.stop());

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** The service with PLATFORMS_CONFIG naming a file that holds `override`; the state of 'arch'. */
async function scrapeWith(override: PlatformConfigOverride) {
  const file = join(tempDir(), 'platforms.json');
  writeFileSync(file, JSON.stringify(override));
  const app = await startApp({ registry: simulator.registry, env: { PLATFORMS_CONFIG: file } });
  apps.push(app);
  await app.collection.refresh('arch');
  const status = CacheStatusSchema.parse(
    (await app.inject('/api/monitoring/scraper/status')).json(),
  );
  return status.sources?.[0];
}

describe('PLATFORMS_CONFIG', () => {
  it('fixes a rotated Dutchie hash without a code change', async () => {
    const { baseUrls } = simulator.platformOverride;
    expect(await scrapeWith({ baseUrls })).toMatchObject({
      state: 'failed',
      error: 'The menu platform changed its format.',
    });
    const fixed = await scrapeWith({ baseUrls, dutchieHashes: ROTATED });
    expect(fixed?.state).toBe('ok');
    expect(fixed?.dealCount).toBeGreaterThan(0);
  });
});
