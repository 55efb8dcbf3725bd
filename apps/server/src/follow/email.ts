import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { EmailSettings } from './email-message';
import type { EmailSend } from './email-sender';

/** Email as the service runs it, when SMTP_URL is set: the settings, the sender, the bounds. */
export interface Email {
  settings: EmailSettings;
  send: EmailSend;
  /** EMAIL_MESSAGES_PER_DAY. */
  perDay: number;
  /** EMAIL_MAX_ADDRESSES. */
  maxAddresses: number;
  close(): void;
}

/**
 * Email from the configuration, or null without SMTP_URL (then no email is offered: the API
 * says so, and the sign-up call refuses). The links of its messages start with the first
 * PUBLIC_ORIGIN; without one, with `http://localhost:PORT` (a warning says so: links a reader
 * elsewhere cannot open). nodemailer is loaded only here, when email is on.
 */
export async function prepareEmail(
  config: Pick<
    Config,
    | 'SMTP_URL'
    | 'EMAIL_FROM'
    | 'EMAIL_POSTAL_ADDRESS'
    | 'EMAIL_MESSAGES_PER_DAY'
    | 'EMAIL_MAX_ADDRESSES'
    | 'PUBLIC_ORIGIN'
    | 'PORT'
  >,
  logger: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Email | null> {
  const { SMTP_URL: url, EMAIL_FROM: from, EMAIL_POSTAL_ADDRESS: postalAddress } = config;
  if (url === undefined || from === undefined || postalAddress === undefined) return null;
  const origin = config.PUBLIC_ORIGIN?.[0] ?? `http://localhost:${config.PORT}`;
  if (config.PUBLIC_ORIGIN === undefined) {
    logger.warn(
      { origin },
      'email: PUBLIC_ORIGIN is unset, so the links in emails start with localhost',
    );
  }
  const { emailSender } = await import('./email-sender');
  const sender = emailSender(url, from);
  return {
    settings: { from, postalAddress, origin },
    send: sender.send,
    perDay: config.EMAIL_MESSAGES_PER_DAY,
    maxAddresses: config.EMAIL_MAX_ADDRESSES,
    close: () => sender.close(),
  };
}
