import type { Deal } from '@stl-deals/domain';

/*
 * Snapshots whose every deal names the generation that wrote it, and whose size depends on the
 * generation: a snapshot mixing two writes shows as mixed tags or a wrong count.
 */

export const GENERATION_BASE_SIZE = 12_000;

export function generationSize(generation: number): number {
  return GENERATION_BASE_SIZE + generation;
}

export function generationDeals(dispensaryKey: string, generation: number): Deal[] {
  return Array.from({ length: generationSize(generation) }, (_, n) => ({
    // The same ids every generation, so each write also updates the deal history.
    id: `feed:${dispensaryKey}:${n}`,
    title: `Generation ${generation} deal ${n}`,
    description: `Written by generation ${generation}, a description long enough to fill pages.`,
    price: `$${(n % 90) + 10}`,
    imageUrl: `https://images.example.com/${dispensaryKey}/${n}.jpg`,
    sourceUrl: `https://example.com/${dispensaryKey}/deals/${n}`,
    platform: 'feed',
    salePrice: (n % 90) + 10,
  }));
}

/** The generation a stored deal was written by, or null if its text does not say. */
export function generationOf(deal: Deal): number | null {
  const match = /^Generation (\d+) deal \d+$/.exec(deal.title);
  return match?.[1] === undefined ? null : Number(match[1]);
}
