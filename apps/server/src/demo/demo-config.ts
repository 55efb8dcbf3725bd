import { z } from 'zod';
import { loadConfig, ConfigError, type Config } from '../config';

/**
 * Demo mode's own settings, parsed once at start like the service's (nothing else reads the
 * environment). The service's settings apply too; only DATA_DIR's default differs, so demo data
 * never mixes with real data. Exported for the docs' drift test: docs/operations.md names each key.
 */
export const DemoEnvSchema = z.object({
  /** Same seed, same simulated menus. */
  DEMO_SEED: z.string().trim().min(1).max(100).default('stl-deals-demo'),
  /**
   * The simulator's port on 127.0.0.1; 0 takes a free one. Fixed by default, so the links of
   * deals kept from an earlier run (to simulated store pages) still lead somewhere.
   */
  DEMO_SIMULATOR_PORT: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : '3100'))
    .pipe(z.string().regex(/^\d{1,5}$/, 'must be a port number'))
    .transform(Number)
    .pipe(z.number().max(65_535)),
  /**
   * The demo's own mail server's port on 127.0.0.1 (see demo-mail.ts), which the demo's email is
   * sent to unless SMTP_URL names another; 'off': none (and no email without SMTP_URL).
   */
  DEMO_SMTP_PORT: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : '2525'))
    .pipe(
      z.union([z.literal('off'), z.string().regex(/^\d{1,5}$/, "must be a port number or 'off'")]),
    )
    .transform((value) => (value === 'off' ? null : Number(value)))
    .pipe(z.number().max(65_535).nullable()),
  /**
   * Dispensaries behind a Cloudflare-style challenge, which only the browser transport passes:
   * 'auto' (the first Dutchie and the first html dispensary), 'none', or comma-separated keys.
   */
  DEMO_CHALLENGED: z
    .string()
    .trim()
    .default('auto')
    .transform((value): 'auto' | string[] => {
      if (value === 'auto') return 'auto';
      if (value === 'none' || value === '') return [];
      return value.split(',').map((key) => key.trim());
    }),
});

export type DemoSettings = z.infer<typeof DemoEnvSchema>;

export interface DemoConfig {
  service: Config;
  demo: DemoSettings;
}

/** Where demo mode keeps its store unless DATA_DIR says otherwise. */
const DEMO_DATA_DIR = './data/demo';

/** The demo's sender and postal address, for its own mail server. */
export const DEMO_EMAIL = {
  EMAIL_FROM: 'STL Deals demo <demo@stl-deals.localhost>',
  EMAIL_POSTAL_ADDRESS: 'Demo only: 1 Example Way, St. Louis, MO 63101',
};

/**
 * The demo's settings; `smtpUrl` is its own mail server's, once started (see demo.ts), used
 * when SMTP_URL is unset.
 */
export function loadDemoConfig(env: NodeJS.ProcessEnv, smtpUrl?: string): DemoConfig {
  const ownMail = smtpUrl !== undefined && !env.SMTP_URL;
  const service = loadConfig({
    DATA_DIR: DEMO_DATA_DIR,
    ...(ownMail ? DEMO_EMAIL : {}),
    ...env,
    ...(ownMail ? { SMTP_URL: smtpUrl } : {}),
  });
  const result = DemoEnvSchema.safeParse(env);
  if (result.success) return { service, demo: result.data };
  const problems = result.error.issues.map(
    (issue) =>
      `${String(issue.path[0])}: ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`,
  );
  throw new ConfigError(`Invalid demo configuration:\n  ${problems.join('\n  ')}`);
}
