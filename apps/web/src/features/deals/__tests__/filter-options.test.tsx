import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deals } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { serve } from '../../../test/server';

async function openPage(query = '') {
  serve({ deals: deals(3) });
  const page = renderPage({ query });
  await screen.findByText(/^Found \d+ deals?/);
  return page;
}

const optionValues = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((option) => (option as HTMLOptionElement).value);

describe('filter panel options (spec sections 2 and 9)', () => {
  it('offers exactly the eight categories of section 2, without other', async () => {
    await openPage();
    expect(optionValues('Category')).toEqual([
      'all',
      'flower',
      'edibles',
      'concentrates',
      'vapes',
      'pre-rolls',
      'topicals',
      'accessories',
    ]);
  });

  it("falls back to all categories for a link asking for 'other'", async () => {
    await openPage('?category=other');
    expect(screen.getByLabelText('Category')).toHaveValue('all');
  });

  it("labels the page size control 'Page size': 12, 24 or 48, default 12", async () => {
    await openPage();
    expect(optionValues('Page size')).toEqual(['12', '24', '48']);
    expect(screen.getByLabelText('Page size')).toHaveValue('12');
  });
});
