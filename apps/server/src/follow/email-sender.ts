import nodemailer from 'nodemailer';
import type { EmailMessage } from './email-message';

/** What the mail server made of one message. */
export type EmailResult =
  | { ok: true }
  /** `permanent`: refused for good (a 5xx reply, or the recipient rejected); else try later. */
  | { ok: false; permanent: boolean; error: string };

export type EmailSend = (message: EmailMessage) => Promise<EmailResult>;

export interface EmailSender {
  send: EmailSend;
  close(): void;
}

/** Connections to the mail server at once, each sending its messages one after another. */
export const SMTP_CONNECTIONS = 5;
/** The longest a message's delivery to the mail server may take. */
const SEND_TIMEOUT_MS = 60_000;

/**
 * Email through the operator's mail server (SMTP_URL, as nodemailer reads it: `smtps://` is TLS
 * from the start, `smtp://` takes STARTTLS when the server offers it), over a pool of a few
 * connections kept open while a fan-out sends. Sending is handing a message to that server: what
 * it accepts it delivers (and signs, when it signs with DKIM, as RFC 8058 wants of the
 * unsubscribe headers). Never throws: every failure is a result.
 */
export function emailSender(smtpUrl: string, from: string): EmailSender {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    maxMessages: Number.POSITIVE_INFINITY,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  return {
    async send(message) {
      try {
        const info = (await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers,
        })) as { rejected?: unknown[] };
        if (Array.isArray(info.rejected) && info.rejected.length > 0) {
          return { ok: false, permanent: true, error: 'the mail server rejected the recipient' };
        }
        return { ok: true };
      } catch (error) {
        const code = (error as { responseCode?: unknown }).responseCode;
        const permanent = typeof code === 'number' && code >= 500 && code < 600;
        const reason = error instanceof Error ? error.message : String(error);
        return { ok: false, permanent, error: reason.slice(0, 300) };
      }
    },
    close() {
      transport.close();
    },
  };
}
