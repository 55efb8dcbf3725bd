import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startRealService } from './harness/service';
import { offsetClock, suiteStart } from './harness/suite-clock';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real service (demo mode) serving the built page and the API. */
    serviceOrigin: string;
    /** A dispensary whose simulated menu answers slowly (see harness/service.ts). */
    slowKey: string;
    /** A dispensary whose simulated platform fails since the first load (stale in status). */
    failingKey: string;
    /** How far the suite's clock is from the machine's (see harness/suite-clock.ts). */
    clockOffsetMs: number;
  }
}

const WEB = fileURLToPath(new URL('..', import.meta.url));
const DIST = fileURLToPath(new URL('../dist', import.meta.url));

/**
 * The suite tests the page as it ships, served by the real service: `npm run build` once into
 * apps/web/dist (a child process, because Vitest's NODE_ENV=test would give React's development
 * build), then the service in demo mode with its first load done. The teardown closes the
 * service (and with it the simulator and the store) whether the tests passed or not.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await buildPage();
  const clockOffsetMs = suiteStart().getTime() - Date.now();
  const service = await startRealService(DIST, offsetClock(clockOffsetMs));
  project.provide('clockOffsetMs', clockOffsetMs);
  project.provide('serviceOrigin', service.origin);
  project.provide('slowKey', service.slowKey);
  project.provide('failingKey', service.failingKey);
  return () => service.close();
}

function buildPage(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'build'], {
      cwd: WEB,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`Building the page failed (exit ${code}).`)),
    );
  });
}
