import { describe, expect, it, vi } from 'vitest';
import { deal, deals, DISPENSARIES } from '../../../test/fixtures';
import { recordRequests, serve } from '../../../test/server';
import { getDeals } from './get-deals';

const OPTIONS = { timeoutMs: 5_000 };

describe('getDeals', () => {
  it("asks for the page's view of every deal list, all dispensaries or one", async () => {
    const swade = DISPENSARIES[0]!;
    serve({
      deals: [deal({ title: 'All 20% off', platform: 'dutchie', id: 'x' })],
      dealsOf: { [swade.key]: [deal({ title: 'Swade 10% off', dispensary: undefined })] },
    });
    const seen = recordRequests();

    const all = await getDeals(null, OPTIONS);
    const one = await getDeals(swade, OPTIONS);

    expect(seen.map(({ path, view }) => [path, view])).toEqual([
      ['/api/reactive/deals', 'page'],
      [`/api/reactive/deals?dispensary=${swade.key}`, 'page'],
    ]);
    // The fields outside the page's view do not come back; the page's own do.
    expect(all).toEqual([expect.objectContaining({ title: 'All 20% off' })]);
    expect(all[0]).not.toHaveProperty('platform');
    expect(one).toEqual([
      expect.objectContaining({ title: 'Swade 10% off', dispensary: swade.name }),
    ]);
  });

  it('reads a long answer whole and in order, naming a broken deal by its place in the answer', async () => {
    const answer: unknown[] = deals(1_201);
    answer[1_100] = { title: 'No price, no links' };
    serve({ deals: answer as ReturnType<typeof deals> });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    const read = await getDeals(null, OPTIONS);

    expect(read).toHaveLength(1_200);
    expect(read.map((item) => item.title)).toEqual(
      answer.filter((_, index) => index !== 1_100).map((item) => (item as { title: string }).title),
    );
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Left out 1 deals/), [
      expect.stringMatching(/^deal 1100: missing or invalid /),
    ]);
    warn.mockRestore();
  });
});
