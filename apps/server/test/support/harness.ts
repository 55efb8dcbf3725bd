import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createScraper,
  type Geocoder,
  type Registry,
  type RegistryEntry,
} from '@stl-deals/scraper';
import { openSqliteRepository, type DealsRepository } from '@stl-deals/store';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../../src/app';
import type { Clock } from '../../src/clock';
import { loadConfig, type Config } from '../../src/config';
import { scraperSettings } from '../../src/config-settings';
import type { FeedServer } from './feed-server';

/** A clock that moves only when told, so cooldowns and ages need no waiting. */
export class TestClock implements Clock {
  constructor(private ms = Date.parse('2026-11-21T18:00:00.000Z')) {}

  now(): Date {
    return new Date(this.ms);
  }

  advance(ms: number): void {
    this.ms += ms;
  }
}

export const silentLogger = pino({ level: 'silent' });

export function tempDir(prefix = 'stl-deals-server-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** The service's configuration for tests: env strings as an operator would set them. */
export function testConfig(env: Record<string, string> = {}): Config {
  // The fake feeds listen on loopback, which the outbound guard refuses unless allowed.
  return loadConfig({
    WEB_DIST: join(tmpdir(), 'no-such-web-dist'),
    ALLOW_PRIVATE_HOSTS: '127.0.0.1',
    // Opening store websites in Chromium is tested on its own (source-resolution tests).
    RESOLVE_SOURCES: 'off',
    ...env,
  });
}

/** A registry whose dispensaries are `feed` entries served by the local fake feed server. */
export function feedRegistry(
  feed: FeedServer,
  keys: readonly string[],
  extra: Partial<Record<string, Partial<RegistryEntry>>> = {},
): Registry {
  return {
    dispensaries: keys.map((key) => ({
      key,
      name: `Store ${key}`,
      platform: 'feed' as const,
      menuUrl: feed.url(key),
      ...extra[key],
    })),
  };
}

export interface TestAppOptions {
  registry: Registry;
  dataDir?: string;
  env?: Record<string, string>;
  clock?: Clock;
  repository?: DealsRepository;
  logger?: FastifyBaseLogger;
  /** Where payloads are read; default 'caller' (see startApp). */
  parseOn?: 'threads' | 'caller';
  geocoder?: Geocoder | null;
}

/** The real app on the real store (a file in `dataDir`) and the real scraper. */
export async function startApp(options: TestAppOptions): Promise<FastifyInstance> {
  const dataDir = options.dataDir ?? tempDir();
  const config = testConfig({ DATA_DIR: dataDir, ...options.env });
  return buildApp({
    config,
    repository:
      options.repository ?? (await openSqliteRepository({ file: join(dataDir, 'deals.sqlite') })),
    // Every fake feed is on one local host: no politeness pause between them, and one attempt,
    // so a failing feed fails at once.
    // Payloads are read on the test's thread unless asked: most tests are about the service
    // around the parsing, and a parsing thread's start per app would double their time. The
    // threads have their own tests (packages/scraper/test/parsing, abuse.test.ts).
    scraper: createScraper({
      ...scraperSettings(config),
      parseOn: options.parseOn ?? 'caller',
      userAgent: 'STLDealsTest/1.0',
      requestTimeoutMs: 2000,
      maxAttempts: 1,
      minHostDelayMs: 0,
    }),
    registry: options.registry,
    geocoder: options.geocoder ?? null,
    clock: options.clock ?? new TestClock(),
    logger: options.logger ?? silentLogger,
  });
}
