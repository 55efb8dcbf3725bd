import { EnvSchema, type Config } from './env-schema';

export { EnvSchema, type Config } from './env-schema';

/** Settings whose value is never repeated in an error: they may hold a password. */
const SECRET_SETTINGS = new Set(['DATABASE_URL', 'VAPID_PRIVATE_KEY', 'SMTP_URL']);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The configuration from `env`, parsed by EnvSchema, or a ConfigError naming every bad variable
 * and what it held (a secret's value is not shown).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = EnvSchema.safeParse(env);
  if (result.success) {
    if (result.data.ROLE !== 'all' && result.data.DATABASE_URL === undefined) {
      throw new ConfigError(
        `Invalid configuration:\n  ROLE: '${result.data.ROLE}' needs DATABASE_URL (the processes share its database); without it only 'all' runs`,
      );
    }
    if (
      (result.data.VAPID_PUBLIC_KEY === undefined) !==
      (result.data.VAPID_PRIVATE_KEY === undefined)
    ) {
      throw new ConfigError(
        'Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both (one key pair) or neither (a pair is made and kept in the store)',
      );
    }
    if (
      result.data.SMTP_URL !== undefined &&
      (result.data.EMAIL_FROM === undefined || result.data.EMAIL_POSTAL_ADDRESS === undefined)
    ) {
      throw new ConfigError(
        'Invalid configuration:\n  EMAIL_FROM, EMAIL_POSTAL_ADDRESS: SMTP_URL needs both (the sender and the postal address every message shows)',
      );
    }
    return result.data;
  }
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    const got = SECRET_SETTINGS.has(name) ? 'value not shown' : `got ${JSON.stringify(env[name])}`;
    return `${name}: ${issue.message} (${got})`;
  });
  throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
}
