import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteRepository, type CorruptRow } from '../src';
import { generationDeals, generationOf } from './support/generations';
import { framesAfterLastCommit } from './support/wal';

const here = dirname(fileURLToPath(import.meta.url));
const writerScript = join(here, 'support', 'snapshot-writer.ts');
// Spread over about one generation's write time (a few hundred ms), so that the kills land at
// different points of a transaction.
const KILL_DELAYS_MS = [0, 80, 160, 240, 320];
// How long to wait for the log to show a transaction in progress before killing anyway.
const TORN_WAIT_MS = 3000;

describe('a snapshot writer killed with SIGKILL', () => {
  let folder: string;

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'stl-deals-sigkill-'));
  });

  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it(
    'leaves the database readable and the last committed snapshot whole',
    { timeout: 120_000 },
    async () => {
      // One file for every round: each writer also starts from a database recovered after a kill.
      const file = join(folder, 'deals.db');
      let tornKills = 0;
      for (const delayMs of KILL_DELAYS_MS) {
        const lastCommitted = await runWriterAndKill(file, delayMs);
        if (framesAfterLastCommit(`${file}-wal`) > 0) tornKills++;

        expectIntegrity(file);
        await expectWholeSnapshots(file, lastCommitted);
      }

      // Proof that the kills hit transactions in progress, not only the gaps between them.
      expect(tornKills).toBeGreaterThan(0);
    },
  );
});

/**
 * Starts the writer and, from `delayMs` after its first commit, kills it as soon as its log holds
 * pages of an uncommitted transaction (a kill left to chance lands between transactions half the
 * time). Returns the last commit the writer reported.
 */
async function runWriterAndKill(file: string, delayMs: number): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', writerScript, file], {
    cwd: here,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const closed = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('close', (_code, signal) => resolve(signal)),
  );

  const committed = () =>
    [...stdout.matchAll(/^committed (\d+)$/gm)].map((match) => Number(match[1]));
  const firstCommit = new Promise<void>((resolve, reject) => {
    const poll = setInterval(() => {
      if (committed().length > 0) {
        clearInterval(poll);
        resolve();
      } else if (child.exitCode !== null) {
        clearInterval(poll);
        reject(new Error(`The writer exited before committing anything:\n${stderr}`));
      }
    }, 5);
  });
  await firstCommit;
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  const giveUpAt = Date.now() + TORN_WAIT_MS;
  while (framesAfterLastCommit(`${file}-wal`) === 0 && Date.now() < giveUpAt) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  child.kill('SIGKILL');

  expect(await closed).toBe('SIGKILL');
  return Math.max(...committed());
}

function expectIntegrity(file: string): void {
  // The first connection after the crash recovers the log: whatever follows the last commit is
  // dropped here.
  const connection = new BetterSqlite3(file);
  try {
    expect(connection.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(connection.pragma('foreign_key_check')).toEqual([]);
  } finally {
    connection.close();
  }
}

async function expectWholeSnapshots(file: string, lastCommitted: number): Promise<void> {
  const corrupt: CorruptRow[] = [];
  const repository = await openSqliteRepository({ file, onCorruptRow: (row) => corrupt.push(row) });
  try {
    const anchor = await repository.getSnapshot('anchor');
    expect(anchor?.deals.map((deal) => deal.title)).toEqual(
      generationDeals('anchor', 0).map((deal) => deal.title),
    );

    const busy = await repository.getSnapshot('busy');
    const first = busy?.deals[0];
    const generation = first === undefined ? null : generationOf(first);
    // The last reported commit, or the one whose report the kill cut off.
    expect([lastCommitted, lastCommitted + 1]).toContain(generation);
    // All of that generation, in order: nothing of an interrupted write, nothing missing.
    expect(busy?.deals.map((deal) => deal.title)).toEqual(
      generationDeals('busy', generation ?? 0).map((deal) => deal.title),
    );
    expect(corrupt).toEqual([]);

    // And the database takes writes again.
    await repository.replaceSnapshot(
      'after-kill',
      generationDeals('after-kill', 0).slice(0, 1),
      new Date(),
    );
  } finally {
    await repository.close();
  }
}
