import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSqliteRepository } from '@stl-deals/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedDeals } from './support/deals';
import { startFeedServer, type FeedServer } from './support/feed-server';
import { feedRegistry, tempDir } from './support/harness';

// The production path: scripts/build.mjs bundles the service into apps/server/dist, `npm start`
// builds what is stale and runs it with plain node. Each test runs real processes, seconds each.
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const DIST = join(ROOT, 'apps/server/dist');
const KEYS = ['alpha', 'beta'];

let feed: FeedServer;
let env: Record<string, string>;

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | NodeJS.Signals | null>;
}

function run(command: string, args: string[], options: { detached?: boolean } = {}): Running {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: options.detached ?? false,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  return { child, output: () => output, exited };
}

/** The page's address from the service's one line for the operator. */
async function pageAddress(service: Running, ms = 60_000): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = /STL Deals: open (http:\/\/\S+)/.exec(service.output())?.[1];
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No page address in:\n${service.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  feed = await startFeedServer();
  for (const key of KEYS) feed.set(key, { deals: feedDeals(key, 3) });
  const dataDir = tempDir('stl-deals-build-');
  const registryFile = join(dataDir, 'registry.json');
  writeFileSync(registryFile, JSON.stringify(feedRegistry(feed, KEYS)));
  // alpha's deals are stored already; beta has none until it is scraped.
  const repository = await openSqliteRepository({ file: join(dataDir, 'deals.sqlite') });
  await repository.replaceSnapshot('alpha', feedDeals('alpha', 2), new Date());
  await repository.close();
  env = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEALS_REGISTRY: registryFile,
    ALLOW_PRIVATE_HOSTS: '127.0.0.1',
    GEOCODER_URL: '',
    LOG_LEVEL: 'info',
  };
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`The build failed:\n${built.stdout}${built.stderr}`);
}, 240_000);

afterAll(async () => {
  await feed.close();
});

/** The files an entry reads before it runs: itself and the chunks it imports statically. */
function readAtStart(entry: string): string[] {
  const files = new Set([entry]);
  for (const file of files) {
    const text = readFileSync(join(DIST, file), 'utf8');
    for (const [, chunk] of text.matchAll(/(?:from|import)\s*"\.\/(chunk-[\w-]+\.mjs)"/g)) {
      if (chunk) files.add(chunk);
    }
  }
  return [...files];
}

describe('the built service', () => {
  it('reads no scraper transport, parsing pool, database driver or schema compiler at start', () => {
    const atStart = readAtStart('main.mjs').map((file) => readFileSync(join(DIST, file), 'utf8'));
    const everything = readdirSync(DIST)
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => readFileSync(join(DIST, file), 'utf8'));
    // undici (the http transport's client), by one of its error codes: in a chunk of its own.
    expect(everything.some((text) => text.includes('UND_ERR_CONNECT_TIMEOUT'))).toBe(true);
    expect(atStart.some((text) => text.includes('UND_ERR_CONNECT_TIMEOUT'))).toBe(false);
    // piscina (external) is imported when the first job comes, never before the code runs.
    expect(atStart.join('')).toContain('import("piscina")');
    expect(atStart.join('')).not.toMatch(/(?:from|import)\s*"piscina"/);
    // cheerio's fetching helpers and their decoders are not built in at all.
    expect(everything.join('')).not.toContain('iconv-lite');
    // Nor Fastify's default schema compilers (the service brings zod's), nor pg at start.
    expect(everything.some((text) => text.includes('schema with key or id'))).toBe(false);
    expect(atStart.some((text) => text.includes('("@fastify/ajv-compiler")'))).toBe(true);
    expect(atStart.some((text) => text.includes('pg-connection-string'))).toBe(false);
  });

  it('bundles no TypeScript loader, in the service or its parsing threads', () => {
    for (const file of readdirSync(DIST).filter((name) => name.endsWith('.mjs'))) {
      const bundle = readFileSync(join(DIST, file), 'utf8');
      expect(bundle, file).not.toMatch(/from\s*["']tsx|import\(["']tsx/);
      // No import of a workspace package: each is bundled in (its name may still be a string, as
      // the sources' thread bundler names them).
      expect(bundle, file).not.toMatch(/(?:from\s*|import\(\s*)["']@stl-deals\//);
    }
  });

  it('runs with plain node: serves the stored deals, and scrapes in its parsing threads', async () => {
    const service = run(process.execPath, [join(DIST, 'main.mjs')]);
    try {
      const origin = await pageAddress(service);
      const stored = (await (await fetch(`${origin}/api/reactive/deals`)).json()) as unknown[];
      expect(stored).toHaveLength(2);
      const refreshed = await fetch(`${origin}/api/scraper/refresh/beta`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      expect(refreshed.status).toBe(200);
      expect(await refreshed.json()).toHaveLength(3);
      const page = await fetch(`${origin}/api/reactive/deals?view=page`);
      expect((await page.json()) as unknown[]).toHaveLength(5);
    } finally {
      service.child.kill('SIGTERM');
      expect(await service.exited).toBe(0);
    }
  }, 60_000);
});

describe('npm start', () => {
  /** `npm start` in its own process group, ended as a terminal's Ctrl-C ends it. */
  async function startAndInterrupt(): Promise<string> {
    const service = run('npm', ['start'], { detached: true });
    try {
      await pageAddress(service, 120_000);
    } finally {
      process.kill(-(service.child.pid ?? 0), 'SIGINT');
    }
    await service.exited;
    return service.output();
  }

  it('builds nothing when nothing changed, warns of nothing, and ends quietly on Ctrl-C', async () => {
    const output = await startAndInterrupt();
    expect(output).not.toMatch(/Building the/);
    expect(output).not.toMatch(/Unknown project config|npm error/);
    // One line for the operator, then the service's own shutdown line.
    expect(output.match(/STL Deals: open/g)).toHaveLength(1);
    expect(output).toMatch(/"msg":"shutting down"/);
  }, 150_000);

  it('builds the service again once one of its sources changed, and only it', async () => {
    const source = join(ROOT, 'apps/server/src/clock.ts');
    const now = new Date();
    utimesSync(source, now, now);
    const output = await startAndInterrupt();
    expect(output).toMatch(/Building the service/);
    expect(output).not.toMatch(/Building the page/);
  }, 150_000);
});
