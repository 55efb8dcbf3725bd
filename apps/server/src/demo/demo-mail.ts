import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * Demo mode's mail server: a local SMTP server (`smtp-server`, a development dependency, as
 * demo mode runs from the sources) that the demo's email is sent to, so that signing up,
 * confirming and unsubscribing work with no mail account. Each message it takes is kept as an
 * `.eml` file (any mail program opens one) in `folder`, and logged with its recipient, subject
 * and the links of its text, which lead back to the demo.
 */
export interface DemoMail {
  url: string;
  close(): Promise<void>;
}

const LINK = /https?:\/\/[^\s<>"]+/g;

export async function startDemoMail(
  port: number,
  folder: string,
  log: (line: string) => void,
): Promise<DemoMail> {
  mkdirSync(folder, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        count += 1;
        const file = join(folder, `${String(count).padStart(4, '0')}.eml`);
        writeFileSync(file, raw);
        simpleParser(raw)
          .then((mail) => {
            const to = session.envelope.rcptTo.map(({ address }) => address).join(', ');
            const links = [...new Set((mail.text ?? '').match(LINK) ?? [])];
            log(
              [
                `Demo mail to ${to}: ${mail.subject ?? ''} (${file})`,
                ...links.map((l) => `  ${l}`),
              ].join('\n'),
            );
          })
          .catch(() => log(`Demo mail ${file} (not readable)`))
          .finally(() => callback());
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
