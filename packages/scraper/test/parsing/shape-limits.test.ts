import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkHtmlShape, HTML_LIMITS, loadHtml } from '../../src/adapters/shared/html-document';
import { menuPageOf } from '../../src/adapters/leafly/next-data';
import { ParseLimitError } from '../../src/errors';
import { boundedJson, JSON_LIMITS } from '../../src/parsing/bounded-json';

describe('the HTML shape check', () => {
  it.each([
    ['unclosed divs', '<div>'.repeat(HTML_LIMITS.depth + 1)],
    ['nested divs', `${'<div>'.repeat(300_000)}x${'</div>'.repeat(300_000)}`],
    ['self-closed divs, which HTML nests', '<div/>'.repeat(HTML_LIMITS.depth + 1)],
    ['spans with stray end tags', '<span></b>'.repeat(HTML_LIMITS.depth + 1)],
    ['too many elements', '<br>'.repeat(HTML_LIMITS.elements + 1)],
  ])('refuses %s', (_name, html) => {
    expect(() => checkHtmlShape(html)).toThrow(ParseLimitError);
  });

  it.each([
    ['a list whose items end themselves', `<ul>${'<li>Deal'.repeat(5_000)}</ul>`],
    ['a table without end tags', `<table>${'<tr><td>a<td>b'.repeat(3_000)}</table>`],
    ['a definition list without end tags', `<dl>${'<dt>a<dd>b'.repeat(3_000)}</dl>`],
    [
      'svg icons that close themselves',
      `<div>${'<svg><path d="M0"/><path/></svg>'.repeat(3_000)}</div>`,
    ],
    ['markup inside a script', `<script>${'<div>'.repeat(10_000)}</script><p>ok</p>`],
    ['a comment full of tags', `<!--${'<div>'.repeat(10_000)}--><p>ok</p>`],
    ['a page cut short in a tag', '<div><p>20% off<a href="/x"'],
  ])('reads %s', (_name, html) => {
    expect(() => checkHtmlShape(html)).not.toThrow();
  });

  it('takes time in proportion to the page, hostile or not', () => {
    // 3 MB of nesting is refused within its first few hundred tags; a 1 MB flat page is one pass.
    const flat = '<p>Flower Friday 20% off eighths.</p>'.repeat(27_000);
    expect(() => loadHtml(flat)).not.toThrow();
    expect(() => loadHtml('<div>'.repeat(600_000))).toThrow(/nests elements over 400 deep/);
  });
});

describe('the Leafly page reader', () => {
  it('refuses a page nested 60,000 deep around its __NEXT_DATA__ before any selector runs', () => {
    const data = '<script id="__NEXT_DATA__" type="application/json">{"props":{}}</script>';
    const page = `<html><body>${'<div>'.repeat(60_000)}${data}${'</div>'.repeat(60_000)}</body></html>`;
    expect(() => menuPageOf(page)).toThrow(ParseLimitError);
  });

  it('refuses __NEXT_DATA__ JSON nested past the limit', () => {
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const page = `<html><body><script id="__NEXT_DATA__" type="application/json">${deep}</script></body></html>`;
    expect(() => menuPageOf(page)).toThrow(ParseLimitError);
  });
});

describe('bounded JSON', () => {
  it('reads ordinary JSON, and says undefined for what is not JSON', () => {
    expect(boundedJson('{"data":{"items":[1,2,{"a":null}]}}')).toEqual({
      data: { items: [1, 2, { a: null }] },
    });
    expect(boundedJson('<html>')).toBeUndefined();
  });

  it('refuses nesting past the limit, however it is built', () => {
    const arrays = `${'['.repeat(300_000)}${']'.repeat(300_000)}`;
    const objects = `${'{"a":'.repeat(JSON_LIMITS.depth + 1)}1${'}'.repeat(JSON_LIMITS.depth + 1)}`;
    expect(() => boundedJson(arrays)).toThrow(ParseLimitError);
    expect(() => boundedJson(objects)).toThrow(/nests over 64 deep/);
    const fits = `${'['.repeat(JSON_LIMITS.depth)}${']'.repeat(JSON_LIMITS.depth)}`;
    expect(() => boundedJson(fits)).not.toThrow();
  });
});

describe('the shape checks on arbitrary input', () => {
  const tagSoup = fc
    .array(
      fc.oneof(
        fc.constantFrom('<div>', '</div>', '<p>', '<li>', '<svg>', '</svg>', '<path/>', '<br>'),
        fc.constantFrom('<script>', '</script>', '<!--', '-->', '<table><tr><td>', '</b>'),
        fc.string({ maxLength: 8 }),
      ),
      { maxLength: 2_000 },
    )
    .map((parts) => parts.join(''));

  it('either passes a page or refuses it as over the limits, never anything else', () => {
    fc.assert(
      fc.property(tagSoup, (html) => {
        try {
          checkHtmlShape(html);
        } catch (error) {
          expect(error).toBeInstanceOf(ParseLimitError);
        }
      }),
    );
  });

  it('reads any JSON text or says it is none, never anything else', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.string()), (text) => {
        try {
          boundedJson(text);
        } catch (error) {
          expect(error).toBeInstanceOf(ParseLimitError);
        }
      }),
    );
  });
});
