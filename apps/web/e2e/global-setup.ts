import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The suite tests the page as it ships: `npm run build` once, before any test, into
 * apps/web/dist. A child process, because Vitest's NODE_ENV=test would give React's
 * development build.
 */
export default function buildPage(): void {
  const result = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`Building the page failed (exit ${result.status}).`);
}
