import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback for tests (`smtp-server`, nodemailer's own): it takes every
 * message, parses it with `mailparser` and keeps it, so that a test reads what a reader's mail
 * program would. Plain SMTP without STARTTLS or AUTH, as a local relay on a test machine. A
 * recipient named in `refuse` is answered 550 (a mailbox that does not exist).
 */
export interface SmtpStandIn {
  /** SMTP_URL for it. */
  readonly url: string;
  /** Every message taken, in order. */
  readonly received: ReceivedMail[];
  /** Recipients answered 550 at RCPT TO. */
  readonly refuse: Set<string>;
  /** The messages to `address`. */
  to(address: string): ReceivedMail[];
  /** Waits until `count` messages were taken (or throws after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface ReceivedMail {
  /** The envelope's recipients. */
  rcpt: string[];
  mail: ParsedMail;
  /** The message's source as sent. */
  raw: string;
}

export async function startSmtpServer(): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  const refuse = new Set<string>();
  const waiting: Array<() => void> = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    size: 5 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address.toLowerCase())) {
        const error = new Error('No such mailbox here') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((mail) => {
            received.push({
              rcpt: session.envelope.rcptTo.map(({ address }) => address),
              mail,
              raw: raw.toString('utf8'),
            });
            for (const wake of waiting.splice(0)) wake();
            callback();
          })
          .catch((error: unknown) => callback(error as Error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse,
    to: (address) => received.filter(({ rcpt }) => rcpt.includes(address)),
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`${received.length} messages received, not ${count}`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, left);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
