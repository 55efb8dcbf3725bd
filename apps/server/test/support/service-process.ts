import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from './harness';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

export interface Started {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** The exit code, or the signal that killed it. */
  exited: Promise<number | NodeJS.Signals | null>;
}

export interface StartOptions {
  /** The user (and group) it runs as; default the test's. */
  user?: { uid: number; gid: number };
  /**
   * Started under a parent that never reaps its children (`sh` exec'ing `sleep`), so that once
   * killed the service stays a zombie until `child` (that parent) ends. The service's own pid
   * is the first line of stdout.
   */
  unreaped?: boolean;
}

/** The service as an operator starts it: `node --import tsx apps/server/src/main.ts`. */
export function start(env: Record<string, string>, options: StartOptions = {}): Started {
  const file = options.unreaped ? '/bin/sh' : process.execPath;
  const args = options.unreaped
    ? ['-c', '"$0" --import tsx "$1" & echo $!; exec sleep 300', process.execPath, MAIN]
    : ['--import', 'tsx', MAIN];
  const child = spawn(file, args, {
    cwd: ROOT,
    ...(options.user ?? {}),
    env: {
      ...process.env,
      WEB_DIST: join(tempDir(), 'no-dist'),
      // The fake feeds listen on loopback, which the outbound guard refuses unless allowed.
      ALLOW_PRIVATE_HOSTS: '127.0.0.1',
      // No test reaches the internet: the real geocoder is never asked.
      GEOCODER_URL: '',
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Polls `read` until it gives a value; a read that throws ends the wait with its error. */
export async function until<T>(
  read: () => T | undefined | Promise<T | undefined>,
  what: string,
  ms = 25_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The JSON log lines the service wrote to stdout. */
export function logLines(service: Started): Array<Record<string, unknown>> {
  return service
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Waits for the listening line, failing at once if the service exits first. */
export function listening(service: Started): Promise<string> {
  return until(() => {
    if (service.child.exitCode !== null || service.child.signalCode !== null) {
      throw new Error(`Exited early: ${service.stderr()}`);
    }
    return /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(service.stdout())?.[1];
  }, 'the listening line');
}
