import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The declarations of `selector`'s own rule (outside media queries) in a stylesheet's text. */
function declarations(file: string, selector: string): Record<string, string> {
  const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`(?:^|\\n)${escaped}\\s*\\{([^}]*)\\}`).exec(css);
  if (!match) throw new Error(`No rule for ${selector} in ${file}`);
  const rule: Record<string, string> = {};
  for (const line of match[1]!.split(';')) {
    const [name = '', ...value] = line.split(':');
    if (name.trim()) rule[name.trim()] = value.join(':').trim();
  }
  return rule;
}

const FIELD = join(import.meta.dirname, 'field.module.css');
const PANEL = join(import.meta.dirname, '../../features/deals/components/filter-panel.module.css');

// jsdom lays nothing out, so the rule that keeps a dropdown's choice whole is held here at its
// source: the layout itself is seen in Chromium (the page's screenshots at 1366 and 390 px).
describe('a dropdown never cuts the choice it shows', () => {
  it('takes its width from its choices, not from a share of its row', () => {
    const select = declarations(FIELD, 'select.control');
    expect(select['field-sizing']).toBe('content');
    expect(select.width).toBe('auto');
  });

  it('sits in filter fields that may grow but never shrink below it', () => {
    for (const selector of ['.field', '.dispensary', '.dispensary > :first-child']) {
      const rule = declarations(PANEL, selector);
      expect(rule.flex, selector).toMatch(/^\d+ 0 auto$/);
      expect(rule['min-width'] ?? 'auto', selector).toBe('auto');
    }
  });
});
