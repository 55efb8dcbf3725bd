import { DealSchema, type Deal } from '@stl-deals/domain';
import type { z } from 'zod';
import { errorMessage } from './error-message';

/**
 * Stored deals are JSON text checked against the contract both ways: on write so that only valid
 * deals are stored, on read because the file outlives the code (a downgrade, a manual edit, a
 * schema that tightened) and one bad row must not take a dispensary's other deals down with it.
 * `firstSeenAt` is never stored in the payload: the deal history owns it.
 */
export function encodeDeal(dispensaryKey: string, position: number, deal: Deal): string {
  const parsed = DealSchema.safeParse(deal);
  if (!parsed.success) {
    throw new TypeError(
      `Deal ${position} of dispensary '${dispensaryKey}' is not a valid deal: ${describeIssues(parsed.error)}`,
    );
  }
  const { firstSeenAt: _ignored, ...stored } = parsed.data;
  return JSON.stringify(stored);
}

export type DecodedDeal = { ok: true; deal: Deal } | { ok: false; reason: string };

export function decodeDeal(payload: string): DecodedDeal {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch (error) {
    return { ok: false, reason: `not JSON (${errorMessage(error)})` };
  }
  const parsed = DealSchema.safeParse(json);
  return parsed.success
    ? { ok: true, deal: parsed.data }
    : { ok: false, reason: `not a valid deal: ${describeIssues(parsed.error)}` };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}
