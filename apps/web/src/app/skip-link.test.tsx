import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/render-page';
import { serve } from '../test/server';

const INDEX_HTML = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');

describe('the skip link', () => {
  it("is the page's first focusable element and leads to the deals", async () => {
    const page = new DOMParser().parseFromString(INDEX_HTML, 'text/html');
    const first = page.body.querySelector('a[href], button, input, select, textarea, [tabindex]');
    expect(first?.textContent).toBe('Skip to deals');
    const target = first?.getAttribute('href');
    expect(target).toBe('#deals');

    serve();
    renderPage();
    await screen.findByText(/^Found \d+ deals?/);
    const deals = document.getElementById(target!.slice(1));
    expect(deals).not.toBeNull();
    // Focusable from the link, and before the list in the document.
    expect(deals).toHaveAttribute('tabindex', '-1');
    const list = screen.getByText(/^Found \d+ deals?/);
    expect(deals!.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
