import {
  createECDH,
  createDecipheriv,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import selfsigned from 'selfsigned';
import { tempDir } from './harness';

/*
 * A local stand-in for a browser's push service (RFC 8030), over https on 127.0.0.1 with a
 * certificate of a throwaway CA (made here, its PEM in a file for NODE_EXTRA_CA_CERTS). It takes
 * a message the way a real one must be taken for a browser to show it: a VAPID `Authorization`
 * (RFC 8292: an ES256 JWT for this origin, not expired, signed by the key it names) and an
 * `aes128gcm` body that decrypts with the subscription's private key (RFC 8291 over RFC 8188),
 * which only the browser (here: this stand-in) holds. Written from the RFCs with node:crypto,
 * apart from the sender's code, so that a fault on either side shows.
 */

/** What a page's `PushSubscription.toJSON()` gives, for one subscription of this stand-in. */
export interface BrowserSubscription {
  endpoint: string;
  expirationTime: number | null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedMessage {
  /** The endpoint's last path segment. */
  endpointId: string;
  /** The decrypted body, parsed as JSON (null when it was not JSON). */
  message: unknown;
  ttl: string | undefined;
  urgency: string | undefined;
  /** The VAPID public key the request was signed with. */
  vapidKey: string;
}

interface BrowserKeys {
  /** The browser's P-256 private key and its public point (`ua_public`). */
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

export interface PushServiceOptions {
  /** Keep each message (tests) or count them only (the bench's thousands). Default true. */
  keep?: boolean;
}

const PATH = /^\/send\/([A-Za-z0-9_-]{1,100})$/;

/** Makes a CA and a certificate for 127.0.0.1 signed by it (P-256, a day long). */
export async function localCertificates(): Promise<{ ca: string; key: string; cert: string }> {
  const day = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const ca = await selfsigned.generate([{ name: 'commonName', value: 'STL Deals test CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: day,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const leaf = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: day,
    ca: { key: ca.private, cert: ca.cert },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  return { ca: ca.cert, key: leaf.private, cert: leaf.cert };
}

/** Why a VAPID `Authorization` header fails RFC 8292 for `origin`; null when it passes. */
export function vapidRefusal(
  header: string | undefined,
  origin: string,
  nowS: number,
): { reason: string } | { key: string; exp: number } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return { reason: `no vapid Authorization: ${String(header)}` };
  const [, token = '', key = ''] = match;
  const [head = '', body = '', signature = ''] = token.split('.');
  const json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()) as unknown;
  const header_ = json(head) as { alg?: unknown; typ?: unknown };
  const claims = json(body) as { aud?: unknown; exp?: unknown; sub?: unknown };
  if (header_.alg !== 'ES256') return { reason: `alg ${String(header_.alg)}` };
  if (claims.aud !== origin) return { reason: `aud ${String(claims.aud)} is not ${origin}` };
  if (typeof claims.exp !== 'number' || claims.exp <= nowS || claims.exp > nowS + 24 * 3600) {
    return { reason: `exp ${String(claims.exp)} is not within a day from now` };
  }
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) {
    return { reason: `sub ${String(claims.sub)}` };
  }
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65) return { reason: 'k is not a P-256 point' };
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  return signed ? { key, exp: claims.exp } : { reason: 'the JWT signature does not verify with k' };
}

const info = (text: string) => Buffer.from(`${text}\0`, 'latin1');

/**
 * The plaintext of an `aes128gcm` push message body (RFC 8188's header and records), decrypted
 * with the browser's keys by RFC 8291's key derivation. Throws when it does not decrypt.
 */
export function decryptPushMessage(body: Buffer, browser: BrowserKeys): Buffer {
  if (body.length < 21) throw new Error('shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  if (idLength !== 65) throw new Error(`keyid of ${idLength} bytes, not the sender's P-256 key`);
  const uaPublic = browser.ecdh.getPublicKey();
  const shared = browser.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([info('WebPush: info'), uaPublic, serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: aes128gcm'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: nonce'), 12));
  const records = body.subarray(21 + idLength);
  const plain: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < records.length; offset += recordSize, seq++) {
    const record = records.subarray(offset, offset + recordSize);
    const iv = Buffer.from(nonce);
    // The record's sequence number XORed into the nonce's end (RFC 8188 section 2.3).
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
    // The padding delimiter: 2 in the last record, 1 before it; zeros after it.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    const last = offset + recordSize >= records.length;
    if (padded[end] !== (last ? 2 : 1)) throw new Error('no padding delimiter');
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}

/** The stand-in, listening on 127.0.0.1. */
export class PushServiceStandIn {
  readonly received: ReceivedMessage[] = [];
  readonly rejected: Array<{ path: string; reason: string }> = [];
  /** Messages taken, kept or not. */
  count = 0;
  private readonly browsers = new Map<string, BrowserKeys>();
  private shared: BrowserKeys | null = null;
  private readonly answers = new Map<string, number[]>();
  private readonly answerHeaders = new Map<string, Record<string, string>>();
  private readonly verified = new Map<string, { key: string; exp: number }>();
  private next = 0;

  private constructor(
    private readonly server: Server,
    readonly origin: string,
    readonly ca: string,
    readonly caFile: string,
    private readonly keep: boolean,
  ) {}

  static async start(options: PushServiceOptions = {}): Promise<PushServiceStandIn> {
    const { ca, key, cert } = await localCertificates();
    const caFile = join(tempDir('stl-deals-push-ca-'), 'ca.pem');
    writeFileSync(caFile, ca);
    const server = createServer({ key, cert });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const standIn = new PushServiceStandIn(server, origin, ca, caFile, options.keep ?? true);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const { status, headers } = standIn.take(request, Buffer.concat(chunks));
        response.writeHead(status, headers).end();
      });
    });
    return standIn;
  }

  /** A new browser subscription: its own keys and endpoint. */
  subscribe(): BrowserSubscription & { endpointId: string } {
    const endpointId = `sub${++this.next}`;
    const browser = { ecdh: createECDH('prime256v1'), auth: randomBytes(16) };
    browser.ecdh.generateKeys();
    this.browsers.set(endpointId, browser);
    return { endpointId, ...this.subscriptionOf(endpointId, browser) };
  }

  /**
   * One key pair for every endpoint not subscribed by `subscribe` (the bench's thousands): each
   * message is still encrypted on its own (a new sender key each), so the work is the same.
   */
  sharedKeys(): BrowserSubscription['keys'] {
    if (!this.shared) {
      this.shared = { ecdh: createECDH('prime256v1'), auth: randomBytes(16) };
      this.shared.ecdh.generateKeys();
    }
    return this.subscriptionOf('shared', this.shared).keys;
  }

  /** The endpoint of `endpointId`, for subscriptions made with `sharedKeys`. */
  endpoint(endpointId: string): string {
    return `${this.origin}/send/${endpointId}`;
  }

  /** The next answers to `endpointId`'s messages, in order (then 201), with headers. */
  answer(endpointId: string, statuses: number[], headers: Record<string, string> = {}): void {
    this.answers.set(endpointId, [...statuses]);
    this.answerHeaders.set(endpointId, headers);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private subscriptionOf(endpointId: string, browser: BrowserKeys): BrowserSubscription {
    return {
      endpoint: this.endpoint(endpointId),
      expirationTime: null,
      keys: {
        p256dh: browser.ecdh.getPublicKey('base64url'),
        auth: browser.auth.toString('base64url'),
      },
    };
  }

  private take(
    request: {
      method?: string;
      url?: string;
      headers: Record<string, string | string[] | undefined>;
    },
    body: Buffer,
  ): { status: number; headers: Record<string, string> } {
    const path = request.url ?? '';
    const refuse = (status: number, reason: string) => {
      this.rejected.push({ path, reason });
      return { status, headers: {} };
    };
    const endpointId = PATH.exec(path)?.[1];
    if (request.method !== 'POST' || endpointId === undefined)
      return refuse(404, 'no such endpoint');
    const browser = this.browsers.get(endpointId) ?? this.shared;
    if (!browser) return refuse(404, 'no such subscription');
    const header = request.headers.authorization;
    const nowS = Math.floor(Date.now() / 1000);
    // A token already verified is taken until it expires, as a push service may.
    const known = typeof header === 'string' ? this.verified.get(header) : undefined;
    const vapid =
      known && known.exp > nowS
        ? known
        : vapidRefusal(typeof header === 'string' ? header : undefined, this.origin, nowS);
    if ('reason' in vapid) return refuse(401, vapid.reason);
    if (typeof header === 'string' && this.verified.size < 1000) this.verified.set(header, vapid);
    if (request.headers['content-encoding'] !== 'aes128gcm') {
      return refuse(415, `content-encoding ${String(request.headers['content-encoding'])}`);
    }
    if (request.headers.ttl === undefined) return refuse(400, 'no TTL');
    let plain: Buffer;
    try {
      plain = decryptPushMessage(body, browser);
    } catch (error) {
      return refuse(400, `does not decrypt: ${(error as Error).message}`);
    }
    const queued = this.answers.get(endpointId);
    const status = queued?.shift() ?? 201;
    const headers = status === 201 ? {} : (this.answerHeaders.get(endpointId) ?? {});
    if (status !== 201) return { status, headers };
    this.count += 1;
    if (this.keep) {
      let message: unknown = null;
      try {
        message = JSON.parse(plain.toString('utf8'));
      } catch {
        message = null;
      }
      this.received.push({
        endpointId,
        message,
        ttl: request.headers.ttl as string | undefined,
        urgency: request.headers.urgency as string | undefined,
        vapidKey: vapid.key,
      });
    }
    return { status: 201, headers: { location: `${this.origin}/message/${this.count}` } };
  }
}
