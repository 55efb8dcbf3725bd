/**
 * Reads a response body as UTF-8 text, at most `maxBytes` of it: a longer body is cut there and
 * reported `truncated`, and the rest is never downloaded.
 */
export async function readCapped(
  response: { body: ReadableStream<Uint8Array> | null },
  maxBytes: number,
): Promise<{ text: string; truncated: boolean }> {
  const reader = response.body?.getReader();
  if (!reader) return { text: '', truncated: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: Buffer.concat(chunks).toString('utf8'), truncated: false };
    if (size + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size));
      await reader.cancel();
      return { text: Buffer.concat(chunks).toString('utf8'), truncated: true };
    }
    size += value.byteLength;
    chunks.push(value);
  }
}
