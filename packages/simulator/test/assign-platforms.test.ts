import { loadRegistry } from '@stl-deals/scraper';
import { describe, expect, it } from 'vitest';
import { assignPlatforms, SIMULATED_PLATFORM_NAMES } from '../src';

describe('assignPlatforms', () => {
  it('keeps each bundled dispensary with a menu source on its platform', async () => {
    const bundled = await loadRegistry();
    const assigned = assignPlatforms(bundled);
    bundled.dispensaries.forEach((entry, index) => {
      if (entry.platformId ?? entry.menuUrl ?? entry.specialsUrl) {
        expect(assigned.dispensaries[index]).toEqual(entry);
      }
    });
  });

  it('spreads the dispensaries without a source over every simulated platform', async () => {
    const bundled = await loadRegistry();
    const assigned = assignPlatforms(bundled);
    expect(assigned.dispensaries).toHaveLength(39);
    const used = new Set(assigned.dispensaries.map((entry) => entry.platform));
    expect([...used].sort()).toEqual([...SIMULATED_PLATFORM_NAMES].sort());
  });

  it('moves a dispensary off a platform that is not offered, to the least used one', () => {
    const registry = {
      dispensaries: [
        { key: 'a', name: 'A', platform: 'dutchie' as const, platformId: 'a' },
        { key: 'b', name: 'B', platform: 'joint' as const, menuUrl: 'https://b.example/menu' },
        { key: 'c', name: 'C', platform: 'html' as const },
      ],
    };
    const assigned = assignPlatforms(registry, ['dutchie', 'jane', 'feed']);
    expect(assigned.dispensaries.map((entry) => entry.platform)).toEqual([
      'dutchie',
      'jane',
      'feed',
    ]);
  });
});
