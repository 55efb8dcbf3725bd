import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parseRegistry } from '@stl-deals/scraper';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'cli-'));

async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

// Each test starts a process through tsx, seconds on a busy 2-core machine.
describe('npm run cli -- parse', { timeout: 20_000 }, () => {
  it('prints the normalized deals of a recorded feed as JSON', async () => {
    const feed = file(
      'feed.json',
      JSON.stringify([
        {
          title: 'BOGO Cloud Cover eighths',
          description: '',
          price: '$35',
          imageUrl: '',
          sourceUrl: 'https://x.example/a',
        },
        { title: '<b>css styles</b>', description: '', price: '', imageUrl: '', sourceUrl: '' },
      ]),
    );
    const { code, stdout } = await cli('parse', '--platform', 'feed', feed);
    expect(code).toBe(0);
    const deals = JSON.parse(stdout) as Array<{ title: string; platform: string }>;
    expect(deals).toEqual([
      expect.objectContaining({ title: 'BOGO Cloud Cover eighths', platform: 'feed' }),
    ]);
  });

  it("prints each deal's potency and strain type, in the JSON and as a table with --potency", async () => {
    const feed = file(
      'potency-feed.json',
      JSON.stringify([
        {
          title: 'Sour Diesel 3.5g',
          description: 'Sativa · THC 24.1% · CBD 0.1%',
          price: '$30',
          imageUrl: '',
          sourceUrl: 'https://x.example/a',
          size: '3.5g',
          category: 'flower',
        },
        {
          title: 'Wana Gummies',
          description: '',
          price: '$18',
          imageUrl: '',
          sourceUrl: 'https://x.example/b',
          size: '100mg',
          category: 'edibles',
          strainType: 'Indica Hybrid',
          thc: { min: 100, max: 100, unit: 'mg' },
        },
      ]),
    );
    const json = await cli('parse', '--platform', 'feed', feed);
    expect(JSON.parse(json.stdout)).toEqual([
      expect.objectContaining({
        thc: { min: 24.1, max: 24.1, unit: '%' },
        cbd: { min: 0.1, max: 0.1, unit: '%' },
        strainType: 'Sativa',
      }),
      expect.objectContaining({ thc: { min: 100, max: 100, unit: 'mg' }, strainType: 'Hybrid' }),
    ]);
    const table = await cli('parse', '--platform', 'feed', '--potency', feed);
    expect(table.code).toBe(0);
    expect(table.stdout).toBe(
      'Sour Diesel 3.5g\t3.5g\tflower\tTHC 24.1%\tCBD 0.1%\tSativa\n' +
        'Wana Gummies\t100mg\tedibles\tTHC 100mg\tCBD -\tHybrid\n',
    );
  });

  it.each<[string, string[], RegExp]>([
    ['an unknown platform', ['--platform', 'myspace'], /^Unknown platform 'myspace'/],
    ['no file', ['--platform', 'feed'], /^parse needs at least one FILE/],
    ['a missing file', ['--platform', 'feed', join(dir, 'nope.json')], /ENOENT/],
  ])('exits 1 with a one-line reason for %s', async (_name, args, reason) => {
    const { code, stderr } = await cli('parse', ...args);
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(reason);
  });

  it('exits 1 on input the adapter cannot read', async () => {
    const { code, stderr } = await cli(
      'parse',
      '--platform',
      'feed',
      file('object.json', '{"deals":{}}'),
    );
    expect(code).toBe(1);
    expect(stderr).toMatch(/is not a feed payload/);
  });

  const specials = `<html><body><main><div class="deal"><h3>25% off all vapes</h3>
    <a href="/shop/vapes"><img src="/img/vapes.png" alt=""></a></div></main></body></html>`;

  it('resolves relative links on --menu-url, as the service would for that store', async () => {
    const page = file('specials.html', specials);
    const bare = await cli('parse', '--platform', 'html', page);
    const { code, stdout } = await cli(
      'parse',
      '--platform',
      'html',
      '--menu-url',
      'https://www.example-dispensary.com/specials/',
      page,
    );
    expect(code).toBe(0);
    expect(JSON.parse(bare.stdout)).toEqual([expect.objectContaining({ sourceUrl: '' })]);
    expect(JSON.parse(stdout)).toEqual([
      expect.objectContaining({
        title: '25% off all vapes',
        sourceUrl: 'https://www.example-dispensary.com/shop/vapes',
        imageUrl: 'https://www.example-dispensary.com/img/vapes.png',
      }),
    ]);
  });

  it('parses for a registry entry given with --entry, its specials page and platform included', async () => {
    const entry = file(
      'entry.json',
      JSON.stringify({
        key: 'example',
        name: 'Example',
        platform: 'html',
        specialsUrl: 'https://deals.example-dispensary.com/weekly/',
      }),
    );
    const { code, stdout } = await cli('parse', '--entry', entry, file('page.html', specials));
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      expect.objectContaining({ sourceUrl: 'https://deals.example-dispensary.com/shop/vapes' }),
    ]);
  });

  it('exits 1 naming the field of a store fact a registry would refuse', async () => {
    const { code, stderr } = await cli(
      'parse',
      '--platform',
      'html',
      '--menu-url',
      'javascript:alert(1)',
      file('again.html', specials),
    );
    expect(code).toBe(1);
    expect(stderr).toMatch(/field 'menuUrl'/);
  });

  it('prints the usage for an unknown command and exits 2', async () => {
    const { code, stdout, stderr } = await cli('frobnicate');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^Unknown command 'frobnicate'\./);
    for (const name of ['parse', 'verify-registry', 'discover']) {
      expect(stderr).toMatch(new RegExp(`^  ${name} `, 'm'));
    }
  });

  it('exits 2 for an option the command does not know', async () => {
    const { code, stderr } = await cli('verify-registry', '--frobnicate');
    expect(code).toBe(2);
    expect(stderr).toMatch(/Unknown option '--frobnicate'/);
  });
});

describe('npm run cli -- --help', { timeout: 20_000 }, () => {
  it.each([['--help'], ['help'], ['-h'], ['discover', '--help'], ['parse', 'x.json', '-h']])(
    '%s prints every command with its options and exits 0',
    async (...args) => {
      const { code, stdout, stderr } = await cli(...args);
      expect(code, stderr).toBe(0);
      expect(stdout).toMatch(/^Usage: npm run -s cli -- <command>/);
      expect(stdout).toMatch(/^ {2}parse \[--platform NAME\]/m);
      expect(stdout).toMatch(/^ {2}verify-registry \[--registry PATH\] \[--key KEY\]/m);
      expect(stdout).toMatch(/^ {2}discover --near LAT,LNG --radius MILES/m);
    },
  );

  it('says a command is missing and exits 2 with the usage', async () => {
    const { code, stderr } = await cli();
    expect(code).toBe(2);
    expect(stderr).toMatch(/^No command given\.\n\nUsage:/);
  });
});

describe('npm run cli -- discover', { timeout: 60_000 }, () => {
  it('--demo prints a registry of every simulated store the service accepts', async () => {
    const { code, stdout, stderr } = await cli(
      'discover',
      '--demo',
      '--near',
      '38.627,-90.199',
      '--radius',
      '30',
    );
    expect(code, stderr).toBe(0);
    expect(stderr).toMatch(/weedmaps directory .*: 39 stores/);
    const registry = parseRegistry(JSON.parse(stdout), 'discovered');
    expect(registry.dispensaries).toHaveLength(39);
    expect(registry.dispensaries.every((entry) => entry.lat !== undefined)).toBe(true);
    // The command's simulator has closed: every simulated address is demo mode's simulator's.
    expect(stderr).toMatch(/written for demo mode's simulator at http:\/\/127\.0\.0\.1:3100/);
    const addresses = registry.dispensaries.flatMap((entry) =>
      [entry.menuUrl, entry.specialsUrl, entry.website].filter((url) => url !== undefined),
    );
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.every((url) => new URL(url).origin === 'http://127.0.0.1:3100')).toBe(true);
  });

  it('--merge keeps the file and --out writes the result', async () => {
    const existing = file(
      'mine.json',
      JSON.stringify({
        dispensaries: [
          {
            key: 'my-own-store',
            name: 'My Own Store',
            platform: 'feed',
            menuUrl: 'https://mine.example/deals.json',
            address: '1 Nowhere Rd, Rolla, MO 65401',
          },
        ],
      }),
    );
    const out = join(dir, 'merged.json');
    const { code, stderr } = await cli(
      'discover',
      '--demo',
      '--near',
      '38.627,-90.199',
      '--radius',
      '30',
      '--merge',
      existing,
      '--out',
      out,
    );
    expect(code, stderr).toBe(0);
    expect(stderr).toMatch(/39 new stores/);
    const merged = parseRegistry(JSON.parse(readFileSync(out, 'utf8')), 'merged');
    expect(merged.dispensaries).toHaveLength(40);
    expect(merged.dispensaries[0]).toMatchObject({ key: 'my-own-store', platform: 'feed' });
  });

  it('refuses a point or radius it cannot use', async () => {
    expect((await cli('discover', '--near', 'downtown', '--radius', '5')).stderr).toMatch(
      /--near LAT,LNG/,
    );
    expect((await cli('discover', '--near', '38.6,-90.2', '--radius', '0')).stderr).toMatch(
      /--radius MILES/,
    );
  });
});
