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

/** The service as an operator starts it: `node --import tsx apps/server/src/main.ts`. */
export function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
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
