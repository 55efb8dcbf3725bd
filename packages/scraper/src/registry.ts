import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  MAX_PHONE_CHARS,
  MY_STORES,
  PlatformSchema,
  usPhoneNumber,
  WeeklyHoursSchema,
} from '@stl-deals/domain';
import { z } from 'zod';
import { HtmlSelectorsSchema } from './adapters/html/selectors';

const HttpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2048);

/**
 * Where one fact of an entry came from (a research file and the source it cites, a platform
 * directory, a store lookup) and how far it is trusted: 'high' is first-party or two independent
 * sources, 'medium' one reputable source, 'low' a single unverified mention or an inference.
 */
export const ProvenanceSchema = z.strictObject({
  source: z.string().min(1).max(400),
  confidence: z.enum(['high', 'medium', 'low']),
  /** When a directory or lookup last said so (ISO 8601); absent for research-file facts. */
  seenAt: z.iso.datetime().optional(),
});
export type Provenance = z.infer<typeof ProvenanceSchema>;

/** Provenance per fact, so an operator can see why the registry believes each one. */
export const EntrySourcesSchema = z.strictObject({
  address: ProvenanceSchema.optional(),
  /** The ZIP inside `address`, when it has a source of its own (an inference, typically). */
  zip: ProvenanceSchema.optional(),
  coordinates: ProvenanceSchema.optional(),
  /** Evidence of the menu platform, also where no store id is known (chain-level). */
  platform: ProvenanceSchema.optional(),
  platformId: ProvenanceSchema.optional(),
  website: ProvenanceSchema.optional(),
  specialsUrl: ProvenanceSchema.optional(),
  name: ProvenanceSchema.optional(),
  hours: ProvenanceSchema.optional(),
  phone: ProvenanceSchema.optional(),
});
export type EntrySources = z.infer<typeof EntrySourcesSchema>;

/**
 * The same store on another platform, found by discovery: kept so an operator (or a later
 * switch) can read it there when the chosen platform fails.
 */
export const AlternativeSourceSchema = z.strictObject({
  platform: PlatformSchema,
  platformId: z.string().min(1).max(200),
  menuUrl: HttpUrl.optional(),
  source: z.string().min(1).max(400),
});
export type AlternativeSource = z.infer<typeof AlternativeSourceSchema>;

/** One dispensary of a registry file. */
export const RegistryEntrySchema = z.strictObject({
  key: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'must be lowercase letters, digits and hyphens (max 80)')
    // The page's Select Dispensary has these two choices of its own (every store, 'My stores').
    .refine((key) => key !== 'all' && key !== MY_STORES, {
      message: `'all' and '${MY_STORES}' are the page's own choices, not a dispensary's key`,
    }),
  name: z.string().min(1).max(200),
  platform: PlatformSchema,
  platformId: z.string().min(1).max(200).optional(),
  menuUrl: HttpUrl.optional(),
  specialsUrl: HttpUrl.optional(),
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
  address: z.string().max(200).optional(),
  website: HttpUrl.optional(),
  verified: z.boolean().optional(),
  /** 'browser' when the platform blocks plain http for this store; http falls back by itself. */
  transport: z.enum(['http', 'browser']).optional(),
  /**
   * The store's weekly hours, for when its platform states none: every weekday (`sunday` ...
   * `saturday`) with its openings `{ "opens": "10:00", "closes": "22:00" }` in America/Chicago
   * wall-clock time, `[]` for a closed day; a close not after its open is the next day's
   * ('10:00'-'02:00'), '24:00' the end of the day (docs/sources.md).
   */
  hours: WeeklyHoursSchema.optional(),
  /**
   * The store's phone number, for when its platform states none: a US number written any usual
   * way ('(314) 555-0123', '314-555-0123', '+1 314 555 0123'); anything else is refused.
   */
  phone: z
    .string()
    .max(MAX_PHONE_CHARS)
    .refine((value) => usPhoneNumber(value) !== undefined, 'a US phone number, (314) 555-0123')
    .optional(),
  /** CSS selectors for a store's own specials page (platform 'html'); else a heuristic reads it. */
  selectors: HtmlSelectorsSchema.optional(),
  sources: EntrySourcesSchema.optional(),
  alternatives: z.array(AlternativeSourceSchema).max(10).optional(),
});
export type RegistryEntry = z.infer<typeof RegistryEntrySchema>;

export const RegistrySchema = z.strictObject({
  dispensaries: z
    .array(RegistryEntrySchema)
    .min(1)
    .superRefine((entries, ctx) => {
      const seen = new Set<string>();
      entries.forEach((entry, index) => {
        if (seen.has(entry.key)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'key'],
            message: `duplicate key '${entry.key}'`,
          });
        }
        seen.add(entry.key);
      });
    }),
});
export type Registry = z.infer<typeof RegistrySchema>;

/** A registry file that cannot be used; the message names the file, the entry and the field. */
export class RegistryError extends Error {
  override name = 'RegistryError';
}

/** The bundled St. Louis registry. */
export const BUNDLED_REGISTRY_PATH = fileURLToPath(
  new URL('../registry/st-louis.json', import.meta.url),
);

/** Validates registry JSON, naming each bad entry by index and key and the field at fault. */
export function parseRegistry(input: unknown, source = 'registry'): Registry {
  const result = RegistrySchema.safeParse(input);
  if (result.success) return result.data;
  const entries = (input as { dispensaries?: unknown[] } | null)?.dispensaries;
  const problems = result.error.issues.map((issue) => {
    const [top, index, ...field] = issue.path;
    if (top === 'dispensaries' && typeof index === 'number') {
      const key = (entries?.[index] as { key?: unknown } | undefined)?.key;
      const name = typeof key === 'string' ? ` (key '${key}')` : '';
      return `entry ${index}${name}, field '${field.join('.') || '(entry)'}': ${issue.message}`;
    }
    return `${issue.path.join('.') || '(file)'}: ${issue.message}`;
  });
  throw new RegistryError(`Invalid ${source}:\n  ${problems.join('\n  ')}`);
}

export async function loadRegistry(path: string = BUNDLED_REGISTRY_PATH): Promise<Registry> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new RegistryError(`Cannot read registry file ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new RegistryError(`Registry file ${path} is not JSON: ${(error as Error).message}`);
  }
  return parseRegistry(json, `registry file ${path}`);
}
