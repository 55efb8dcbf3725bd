import { PushServiceStandIn } from '../apps/server/test/support/push-service';

/*
 * The push-service stand-in in a process of its own for the fan-out bench, so that its TLS and
 * decryption are not counted in the fan-out's process. Told 'count' over IPC, it answers how
 * many messages it took and refused; it sends its origin, CA and shared keys when ready.
 */
const standIn = await PushServiceStandIn.start({ keep: false });
process.on('message', (message) => {
  if (message === 'count') {
    process.send?.({ count: standIn.count, rejected: standIn.rejected.length });
  } else if (message === 'close') {
    void standIn.close().then(() => process.exit(0));
  }
});
process.send?.({ origin: standIn.origin, ca: standIn.ca, keys: standIn.sharedKeys() });
