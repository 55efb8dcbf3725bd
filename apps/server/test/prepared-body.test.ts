import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { etagOf } from '../src/http/etag';
import { prepareRemade, type JsonPieces } from '../src/http/prepared-body';

/**
 * `json` in pieces of `size` bytes, written into one buffer refilled for each piece (as the read
 * model writes its lists), counting how often it was written.
 */
function inPieces(json: Buffer, size: number): JsonPieces & { writes: number } {
  const written = {
    byteLength: json.length,
    writes: 0,
    *pieces() {
      written.writes += 1;
      const piece = Buffer.alloc(size);
      for (let at = 0; at < json.length; at += size) {
        const length = json.copy(piece, 0, at, at + size);
        yield piece.subarray(0, length);
        // Whoever read it is done with it: spoil it, as a refill would.
        piece.fill('#');
      }
    },
  };
  return written;
}

const list = (count: number) =>
  Buffer.from(JSON.stringify(Array.from({ length: count }, (_, n) => ({ title: `deal ${n}`, n }))));

describe('prepareRemade', () => {
  it('tags and compresses its JSON from pieces, and keeps only the compressed bytes', async () => {
    const json = list(2_000);
    const written = inPieces(json, 4_096);
    const body = prepareRemade(written, ['br']);
    expect(body.etag).toBe(etagOf(json));
    expect(brotliDecompressSync(await body.encoded('br'))).toEqual(json);
    expect(await body.encoded('br')).toBe(await body.encoded('br'));
    // Once to be tagged, once to be compressed.
    expect(written.writes).toBe(2);

    // Written whole again for each request that takes it uncompressed.
    const first = await body.encoded('identity');
    const second = await body.encoded('identity');
    expect(first).toEqual(json);
    expect(second).toEqual(json);
    expect(second).not.toBe(first);
    expect(written.writes).toBe(4);

    // Another encoding is compressed from the pieces once, and kept.
    expect(gunzipSync(await body.encoded('gzip'))).toEqual(json);
    expect(await body.encoded('gzip')).toBe(await body.encoded('gzip'));
    expect(written.writes).toBe(5);
  });

  it('fails a request for JSON whose pieces are not as long as announced', async () => {
    const json = list(3);
    const body = prepareRemade({ ...inPieces(json, 10), byteLength: json.length + 1 });
    await expect(body.encoded('identity')).rejects.toThrow(/pieces of \d+ bytes where \d+/);
  });

  it('keeps no whole copy of its JSON once compressed', async () => {
    const json = list(5_000);
    const copies: Array<WeakRef<Buffer>> = [];
    const body = prepareRemade(
      {
        byteLength: json.length,
        *pieces() {
          // Each write a buffer of its own, to see which are let go.
          const piece = Buffer.from(json);
          copies.push(new WeakRef(piece));
          yield piece;
        },
      },
      ['br'],
    );
    await body.encoded('br');
    await body.encoded('gzip');
    // Past the turn in which the last compression's callback ran.
    await new Promise((resolve) => setImmediate(resolve));
    collector()();
    expect(copies.length).toBeGreaterThan(0);
    expect(copies.map((copy) => copy.deref())).toEqual(copies.map(() => undefined));
  });
});

/** A full garbage collection on demand, in a process started without --expose-gc. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
