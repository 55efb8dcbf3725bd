/**
 * Keeps docs/operations.md and docs/api.md in step with the code. The lists checked are read from
 * the code itself, never kept by hand: the settings from the config schemas and from every
 * `process.env` read in the sources and deployment files, the routes from a real app built with
 * every optional route switched on.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as FastifyModule from 'fastify';
import type { FastifyInstance, HTTPMethods, InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EnvSchema } from '../src/config';
import { DemoEnvSchema } from '../src/demo/demo-config';
import { startApp, tempDir } from './support/harness';

/** Every route any Fastify instance of this process registers, as `onRoute` sees it. */
const registered = vi.hoisted(() => [] as RouteOptions[]);

// Fastify is built inside `buildApp` (and the METRICS_PORT listener), so the hook that sees every
// registration is added where each instance is made, before any route exists.
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  const recording = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      registered.push(route);
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: recording };
});

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** Source folders whose code runs in the service, the demo, the build or the dev page. */
const SOURCE_ROOTS = ['apps/server/src', 'apps/web/src', 'packages', 'scripts'];
const SOURCE_FILES = ['apps/web/vite.config.ts'];
const SOURCE_EXTENSIONS = new Set(['.ts', '.tsx', '.mjs', '.js', '.sh']);

/** Code files under `dir`, without tests, test support, builds or dependencies. */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return ['node_modules', 'dist', 'test', 'e2e', 'corpus'].includes(entry.name)
        ? []
        : sourceFiles(path);
    }
    const isTest = /\.test\.tsx?$/.test(entry.name);
    return SOURCE_EXTENSIONS.has(extname(entry.name)) && !isTest ? [path] : [];
  });
}

/** `process.env.NAME` and `process.env['NAME']` in one file's text. */
function envReads(text: string): string[] {
  const reads = text.matchAll(
    /process\.env(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g,
  );
  return [...reads].map((match) => match[1] ?? match[2] ?? '');
}

/** What the deployment files take from the operator: compose's `${NAME}`, Caddy's `{$NAME}`. */
function deploymentVariables(): string[] {
  const compose = [...read('compose.yaml').matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)];
  const caddy = [...read('deploy/Caddyfile').matchAll(/\{\$([A-Z][A-Z0-9_]*)/g)];
  return [...compose, ...caddy].map((match) => match[1] ?? '');
}

/** Every environment variable the code and the deployment files read, with where it is read. */
function environmentVariables(): Map<string, string> {
  const found = new Map<string, string>();
  const add = (name: string, where: string) => {
    if (!found.has(name)) found.set(name, where);
  };
  for (const name of Object.keys(EnvSchema.shape)) add(name, 'apps/server/src/env-schema.ts');
  for (const name of Object.keys(DemoEnvSchema.shape)) {
    add(name, 'apps/server/src/demo/demo-config.ts');
  }
  for (const file of [...SOURCE_ROOTS.flatMap(sourceFiles), ...SOURCE_FILES]) {
    for (const name of envReads(read(file))) add(name, relative(ROOT, join(ROOT, file)));
  }
  for (const name of deploymentVariables()) add(name, 'compose.yaml / deploy/Caddyfile');
  return found;
}

/** The names in the first column of the Markdown tables of `markdown`: "| `NAME` |". */
function tableRowNames(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|/gm)].map((m) => m[1] ?? ''));
}

describe('docs/operations.md', () => {
  it('has a configuration row for every environment variable the code reads', () => {
    const variables = environmentVariables();
    // A sanity floor: the schemas alone hold dozens; an empty list would pass any document.
    expect(variables.size).toBeGreaterThan(30);
    const documented = tableRowNames(read('docs/operations.md'));
    const missing = [...variables]
      .filter(([name]) => !documented.has(name))
      .map(([name, where]) => `${name} (read in ${where})`);
    expect(missing, 'variables with no "| `NAME` |" row in docs/operations.md').toEqual([]);
  });
});

/** One method of one path the service answers (not a 405 refusal). */
interface ServedRoute {
  method: HTTPMethods;
  url: string;
  /** Left out of the OpenAPI document on purpose (`schema.hide`). */
  hidden: boolean;
}

/** A concrete URL for a route pattern: parameters and wildcards filled with a harmless value. */
const sampleUrl = (url: string) =>
  url === '*' ? '/docs-drift-sample' : url.replace(/:[^/]+|\*/g, 'docs-drift-sample');

/** The OpenAPI spelling of a route pattern: `/refresh/:key` is `/refresh/{key}`. */
const openApiPath = (url: string) => url.replace(/:([^/]+)/g, '{$1}');

const apps: FastifyInstance[] = [];
let served: ServedRoute[] = [];
let openApi: { paths?: Record<string, Record<string, unknown>> };

beforeAll(async () => {
  const dist = tempDir('docs-drift-web-');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>STL Deals</title>');
  // Every optional route on: the built page, /metrics on PORT, its own listener, CORS preflights.
  const app = await startApp({
    registry: {
      dispensaries: [
        { key: 'docs-drift', name: 'Docs', platform: 'feed', menuUrl: 'http://127.0.0.1:9/x' },
      ],
    },
    env: {
      WEB_DIST: dist,
      METRICS_TOKEN: 'docs-drift-token-0123456789',
      METRICS_PORT: '0',
      CORS_ORIGIN: 'https://deals.example.com',
    },
  });
  apps.push(app);
  await app.ready();
  openApi = app.swagger() as typeof openApi;

  // Every path not taken by a method is routed too, to answer 405 with Allow; such a registration
  // is told apart by what it answers, and the methods it refuses are not the service's.
  served = [];
  for (const route of registered) {
    const methods = [route.method].flat();
    // light-my-request's type lists the common methods only; it sends any (PROPFIND, TRACE...).
    const method = (methods[0] ?? 'GET') as InjectOptions['method'];
    const probe = await app.inject({ method, url: sampleUrl(route.url) });
    if (probe.statusCode === 405) continue;
    for (const method of methods) {
      served.push({ method, url: route.url, hidden: route.schema?.hide === true });
    }
  }
}, 30_000);

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

describe('docs/api.md', () => {
  it('names every method and path the service answers', () => {
    // A sanity floor: the spec alone has six calls.
    expect(served.length).toBeGreaterThan(6);
    const api = read('docs/api.md');
    const getPaths = new Set(served.filter((r) => r.method === 'GET').map((r) => r.url));
    const missing = served
      // Every GET answers HEAD as well, which docs/api.md says once for all.
      .filter((route) => !(route.method === 'HEAD' && getPaths.has(route.url)))
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !api.includes(`\`${route}\``));
    expect([...new Set(missing)], 'routes docs/api.md does not name as `METHOD /path`').toEqual([]);
  });

  it('is backed by the OpenAPI document for every route not hidden from it', () => {
    const paths = openApi.paths ?? {};
    const missing = served
      // @fastify/swagger leaves the automatic HEAD routes out of the document.
      .filter((route) => !route.hidden && route.method !== 'HEAD')
      .filter((route) => paths[openApiPath(route.url)]?.[route.method.toLowerCase()] === undefined)
      .map((route) => `${route.method} ${route.url}`);
    expect([...new Set(missing)], 'routes missing from GET /api/openapi.json').toEqual([]);
    const routed = new Set(served.map((route) => `${route.method} ${openApiPath(route.url)}`));
    const stale = Object.entries(paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .map((method) => `${method.toUpperCase()} ${path}`)
        .filter((operation) => !routed.has(operation)),
    );
    expect(stale, 'operations in the OpenAPI document the service does not route').toEqual([]);
  });

  it('says which routes the OpenAPI document leaves out', () => {
    const api = read('docs/api.md');
    const after = api.split(/^## Not in the OpenAPI document$/m)[1] ?? '';
    const hiddenSection = after.split(/^## /m)[0] ?? '';
    const missing = served
      .filter((route) => route.hidden && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !hiddenSection.includes(`\`${route}\``));
    expect(
      [...new Set(missing)],
      "hidden routes not listed under '## Not in the OpenAPI document'",
    ).toEqual([]);
  });
});
