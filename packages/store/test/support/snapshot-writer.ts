/*
 * A child process for the SIGKILL test: opens the database file given as its argument, writes an
 * 'anchor' snapshot once, then rewrites the 'busy' snapshot with ever newer generations as fast
 * as it can, until it is killed. Writes 'committed N' to stdout once generation N is committed.
 */
import BetterSqlite3 from 'better-sqlite3';
import { createSqliteRepository } from '../../src/sqlite/open-sqlite-repository';
import { generationDeals } from './generations';

const file = process.argv[2];
if (file === undefined) throw new Error('Usage: snapshot-writer.ts <database file>');

const connection = new BetterSqlite3(file);
// better-sqlite3's 16 MB page cache holds a whole snapshot, so SQLite would write the log only at
// commit. A small cache makes it spill pages to the log while the transaction runs: a kill then
// leaves a torn transaction on disk, the case that recovery must ignore.
connection.pragma('cache_size = -256');
const repository = await createSqliteRepository(connection, { file });
await repository.replaceSnapshot('anchor', generationDeals('anchor', 0), new Date());
for (let generation = 1; ; generation++) {
  await repository.replaceSnapshot('busy', generationDeals('busy', generation), new Date());
  // Synchronous on a pipe: the line is out before the next transaction begins.
  process.stdout.write(`committed ${generation}\n`);
}
