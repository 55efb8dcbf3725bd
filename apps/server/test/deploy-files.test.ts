import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../src/config';

/*
 * The Dockerfile and compose.yaml cannot run on the test machines (no Docker): what can be
 * checked here is that they agree with the service, the settings each container gets being ones
 * the service takes, in the roles and proxy setting the cluster needs. The same topology runs as
 * plain processes in cluster.test.ts.
 */

const ROOT = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(fileURLToPath(new URL(path, ROOT)), 'utf8');

interface ComposeService {
  environment?: Record<string, string>;
  image?: string;
  build?: string;
}

/** compose.yaml's services, with `${NAME:-default}` and `${NAME:?message}` filled in. */
function composeServices(): Record<string, ComposeService> {
  const text = read('compose.yaml').replace(
    /\$\{([A-Z_]+)(?::[-?]([^}]*))?\}/g,
    (_whole, name: string, fallback: string | undefined) =>
      name === 'POSTGRES_PASSWORD' ? 'secret' : (fallback ?? ''),
  );
  return (parse(text, { merge: true }) as { services: Record<string, ComposeService> }).services;
}

describe('compose.yaml', () => {
  const services = composeServices();
  const ours = Object.entries(services).filter(([, service]) => service.build === '.');

  it('runs two API instances and two workers of the service on PostgreSQL', () => {
    const roles = ours.map(([, service]) => service.environment?.ROLE).sort();
    expect(roles).toEqual(['api', 'api', 'worker', 'worker']);
    expect(services.postgres?.image).toMatch(/^postgres:/);
  });

  it("gives each container settings the service takes, the APIs trusting exactly the proxy's hop", () => {
    for (const [name, service] of ours) {
      const config = loadConfig({ ...service.environment });
      expect(config.DATABASE_URL, name).toMatch(/^postgres:\/\/stl_deals:secret@postgres:5432\//);
      if (config.ROLE === 'api') expect(config.TRUST_PROXY, name).toBe(1);
    }
    expect(read('deploy/Caddyfile')).toMatch(/reverse_proxy api-1:3000 api-2:3000/);
    expect(read('deploy/Caddyfile')).toMatch(/^\s*health_uri \/api\/monitoring\/live$/m);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('runs the built service as a non-root user, with Chromium and a health check on liveness', () => {
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/apt-get install [^\n]*chromium/);
    // Liveness, not the store's health: a database outage must not stop a process that still
    // serves its read model.
    expect(dockerfile).toMatch(/HEALTHCHECK[^\n]*\n[^\n]*\/api\/monitoring\/live'/);
    const start = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]') as string[];
    expect(start).toContain('dist/main.mjs');
    // The start command is the one `npm start` runs, from the same folder.
    expect(read('package.json')).toContain('node --max-semi-space-size=4 scripts/start.mjs');
  });
});
