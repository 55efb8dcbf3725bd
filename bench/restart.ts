import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import type { Registry } from '@stl-deals/scraper';
import { openSqliteRepository } from '@stl-deals/store';
import { dispensaryDeals, seeded } from './deals';
import { FEED_SEARCH } from './feed';
import { loadTest, type LoadOptions, type LoadResult } from './load';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The service as `npm start` runs it, without npm itself: the node command of the start script
 * (its V8 flags, scripts/start.mjs), so the bench measures what operators run.
 */
function startCommand(): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [program, ...args] = manifest.scripts.start.split(/\s+/);
  if (program !== 'node') throw new Error(`npm start runs ${program}, not node`);
  return args;
}
/** The call the page makes first, and the one it repeats. */
const PAGE_DEALS = '/api/reactive/deals?view=page';
/** The spec's call: the whole list in its full view. */
const FULL_DEALS = '/api/reactive/deals';
/** Long enough after the first answer for the start's garbage to be collected. */
const SETTLE_MS = 5_000;

export interface RestartResult {
  deals: number;
  /** Spawn of the start script's node command to its first non-empty 200 on the page's call. */
  firstDealsMs: number[];
  /** CPU the service used (all its threads) by its first deals: less at the mercy of a busy machine. */
  firstDealsCpuMs: number[];
  /** Spawn to the first non-empty 200 on the spec's call (the full view, brotli), as many runs. */
  firstFullDealsMs: number[];
  /** The same through `npm start` with nothing to build. */
  npmStartMs: number;
  idleRssMb: number;
  /** The same service at rest after the Atom feed of a search was asked for (its deal views). */
  feedIdleRssMb: number;
  emptyIdleRssMb: number;
  loadedRssMb: number;
  load: LoadResult;
}

/**
 * A DATA_DIR whose store holds about `total` deals over the registry's dispensaries (none when
 * 0), with a registry of the same dispensaries that names no menu source: the service serves what
 * is stored and never scrapes, so nothing leaves the machine.
 */
async function seededDataDir(registry: Registry, total: number): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stl-deals-restart-'));
  const offline: Registry = {
    dispensaries: registry.dispensaries.map(({ key, name, lat, lng, address }) => ({
      key,
      name,
      platform: 'html' as const,
      ...(lat !== undefined && lng !== undefined ? { lat, lng } : {}),
      ...(address ? { address } : {}),
    })),
  };
  writeFileSync(join(dataDir, 'registry.json'), JSON.stringify(offline));
  if (total === 0) return dataDir;
  const repository = await openSqliteRepository({ file: join(dataDir, 'deals.sqlite') });
  const random = seeded(11);
  const per = Math.ceil(total / registry.dispensaries.length);
  for (const entry of registry.dispensaries) {
    await repository.replaceSnapshot(entry.key, dispensaryDeals(entry, per, random), new Date());
  }
  await repository.close();
  return dataDir;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** User and system CPU of `pid` so far, every thread (/proc/PID/stat, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

interface Started {
  child: ChildProcess;
  origin: string;
  /** Spawn to the first 200 with at least one deal (or any 200 when `empty`). */
  firstDealsMs: number;
  firstDealsCpuMs: number;
}

/** Starts the built service on `dataDir` (or `npm start`) and waits for its first deals on `path`. */
async function start(
  dataDir: string,
  how: 'node' | 'npm',
  empty = false,
  path = PAGE_DEALS,
): Promise<Started> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const [command, args] = how === 'node' ? [process.execPath, startCommand()] : ['npm', ['start']];
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: 'ignore',
    detached: how === 'npm',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEALS_REGISTRY: join(dataDir, 'registry.json'),
      LOG_LEVEL: 'warn',
      // No geocoder is asked either: no traffic out.
      GEOCODER_URL: '',
    },
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    const answer = await dealsAnswer(origin, path, child.pid ?? 0).catch(() => null);
    if (answer && (empty || answer.json.length > 2)) {
      const { receivedAt, cpuMsThen } = answer;
      return { child, origin, firstDealsMs: receivedAt - started, firstDealsCpuMs: cpuMsThen };
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * A deals call (`path`) as a browser makes it (brotli accepted): when its answer was whole on this
 * side, as sent, and its JSON. The answer is decompressed after it is timed: that is the
 * client's work (Node's fetch does it through zlib streams in 16 KB steps, hundreds of
 * milliseconds for 10,000 deals on this machine, where a browser takes a few), not the
 * service's. With the CPU the service (`pid`) had used by then. Null unless a 200 whose JSON is
 * a list.
 */
function dealsAnswer(
  origin: string,
  path: string,
  pid: number,
): Promise<{ receivedAt: number; cpuMsThen: number; json: string } | null> {
  return new Promise((resolve, reject) => {
    const request = get(`${origin}${path}`, { headers: { 'accept-encoding': 'br' } });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const receivedAt = performance.now();
        const cpuMsThen = cpuMs(pid);
        const body = Buffer.concat(chunks);
        const json = String(
          response.headers['content-encoding'] === 'br' ? brotliDecompressSync(body) : body,
        );
        const listed = response.statusCode === 200 && json.startsWith('[');
        resolve(listed ? { receivedAt, cpuMsThen, json } : null);
      });
    });
  });
}

async function stop({ child }: Started): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (child.spawnargs[0] === 'npm') process.kill(-(child.pid ?? 0), 'SIGINT');
  else child.kill('SIGTERM');
  await exited;
}

/** The RSS peak of `pid` while `work` runs, sampled every 50 ms. */
async function peakRssDuring<T>(pid: number, work: Promise<T>): Promise<[T, number]> {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  try {
    return [await work, peak];
  } finally {
    clearInterval(timer);
  }
}

/**
 * The built service restarted on a store of about `total` deals: spawn to the first deals
 * served, `runs` times; its RSS at rest, at rest again once a feed was asked for, and under load
 * on the page's call; and its RSS at rest with no deals, for the memory a deal costs.
 */
export async function benchRestart(
  registry: Registry,
  total: number,
  runs: number,
  load: LoadOptions,
): Promise<RestartResult> {
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the build failed');
  const dataDir = await seededDataDir(registry, total);
  const emptyDir = await seededDataDir(registry, 0);
  try {
    // The run a restart follows, untimed: it reads the seeded snapshots back and publishes the
    // page's list, which it keeps in the store for the next start, as every run does.
    await stop(await start(dataDir, 'node'));
    const firstDealsMs: number[] = [];
    const firstDealsCpuMs: number[] = [];
    for (let run = 0; run < runs; run++) {
      const service = await start(dataDir, 'node');
      firstDealsMs.push(service.firstDealsMs);
      firstDealsCpuMs.push(service.firstDealsCpuMs);
      await stop(service);
    }
    const firstFullDealsMs: number[] = [];
    for (let run = 0; run < runs; run++) {
      const service = await start(dataDir, 'node', false, FULL_DEALS);
      firstFullDealsMs.push(service.firstDealsMs);
      await stop(service);
    }
    const viaNpm = await start(dataDir, 'npm');
    await stop(viaNpm);

    const service = await start(dataDir, 'node');
    const pid = service.child.pid ?? 0;
    const deals = ((await (await fetch(`${service.origin}${PAGE_DEALS}`)).json()) as unknown[])
      .length;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const idleRssMb = rssMb(pid);
    const feed = await fetch(`${service.origin}${FEED_SEARCH}`);
    if (feed.status !== 200) throw new Error(`${FEED_SEARCH} answered ${feed.status}`);
    await feed.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const feedIdleRssMb = rssMb(pid);
    const [loaded, loadedRssMb] = await peakRssDuring(
      pid,
      loadTest(`${service.origin}${PAGE_DEALS}`, load),
    );
    await stop(service);

    const empty = await start(emptyDir, 'node', true);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const emptyIdleRssMb = rssMb(empty.child.pid ?? 0);
    await stop(empty);
    return {
      deals,
      firstDealsMs,
      firstDealsCpuMs,
      firstFullDealsMs,
      npmStartMs: viaNpm.firstDealsMs,
      idleRssMb,
      feedIdleRssMb,
      emptyIdleRssMb,
      loadedRssMb,
      load: loaded,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(emptyDir, { recursive: true, force: true });
  }
}
