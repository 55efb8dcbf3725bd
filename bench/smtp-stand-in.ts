import { SMTPServer } from 'smtp-server';

/*
 * A local mail server for the email fan-out bench, in a process of its own so that its parsing is
 * not counted in the fan-out's process: the `smtp-server` package taking every message, without
 * TLS or login (a loopback port). It reads each message to its end and counts it; told 'count'
 * over IPC it answers how many it took, and it sends its port when it listens.
 */
let count = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  // Each pooled connection sends message after message; no banner delay, no size surprises.
  banner: 'bench',
  disableReverseLookup: true,
  size: 1024 * 1024,
  onData(stream, _session, done) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      count += 1;
      done();
    });
  },
});
server.on('error', (error) => process.stderr.write(`smtp stand-in: ${String(error)}\n`));
server.listen(0, '127.0.0.1', () => {
  const address = server.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', (message) => {
  if (message === 'count') process.send?.({ count });
  else if (message === 'close') server.close(() => process.exit(0));
});
