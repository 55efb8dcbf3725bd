/**
 * Reads a response body's bytes, at most `maxBytes` of them: a longer body is cut there and
 * reported `truncated`, and the rest is never downloaded. The bytes are not decoded here: a menu
 * is decoded where it is read, in a parsing thread (see parsing/).
 */
export async function readCapped(
  response: { body: { getReader(): ReadableStreamDefaultReader<Uint8Array> } | null },
  maxBytes: number,
): Promise<{ bytes: Buffer; truncated: boolean }> {
  const reader = response.body?.getReader();
  if (!reader) return { bytes: Buffer.alloc(0), truncated: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: Buffer.concat(chunks), truncated: false };
    if (size + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size));
      await reader.cancel();
      return { bytes: Buffer.concat(chunks), truncated: true };
    }
    size += value.byteLength;
    chunks.push(value);
  }
}
