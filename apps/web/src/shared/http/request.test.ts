import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../test/server';
import { HttpError, InvalidAnswerError, NoResponseError } from './errors';
import { requestJson, requestOk } from './request';

describe('requestJson', () => {
  it('sends a JSON content type on every call and reads the JSON answer', async () => {
    let contentType: string | null = null;
    server.use(
      http.get('/api/thing', ({ request }) => {
        contentType = request.headers.get('content-type');
        return HttpResponse.json({ ok: 1 });
      }),
    );
    await expect(requestJson('/api/thing', { timeoutMs: 1000 })).resolves.toEqual({ ok: 1 });
    expect(contentType).toBe('application/json');
  });

  it('posts its body as JSON', async () => {
    let body = '';
    server.use(
      http.post('/api/thing', async ({ request }) => {
        body = await request.text();
        return HttpResponse.json([]);
      }),
    );
    await requestJson('/api/thing', { method: 'POST', body: {}, timeoutMs: 1000 });
    expect(body).toBe('{}');
  });

  it('throws HttpError with the status and its text for a non-2xx answer', async () => {
    server.use(
      http.get('/api/thing', () => new HttpResponse(null, { status: 503, statusText: 'Asleep' })),
    );
    const error = await requestJson('/api/thing', { timeoutMs: 1000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 503, statusText: 'Asleep' });
  });

  it('throws NoResponseError when the network fails', async () => {
    server.use(http.get('/api/thing', () => HttpResponse.error()));
    await expect(requestJson('/api/thing', { timeoutMs: 1000 })).rejects.toBeInstanceOf(
      NoResponseError,
    );
  });

  it('throws NoResponseError when no answer comes within the timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(
      http.get('/api/thing', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const call = requestJson('/api/thing', { timeoutMs: 10_000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await call;
    expect(error).toBeInstanceOf(NoResponseError);
    expect((error as Error).message).toBe('No answer within 10 s');
  });

  it("throws the caller's own reason when the caller cancels", async () => {
    server.use(
      http.get('/api/thing', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const call = requestJson('/api/thing', { timeoutMs: 10_000, signal: controller.signal });
    const reason = new Error('moved on');
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
  });

  it('throws InvalidAnswerError when the answer is not JSON', async () => {
    server.use(http.get('/api/thing', () => HttpResponse.text('<html>')));
    await expect(requestJson('/api/thing', { timeoutMs: 1000 })).rejects.toBeInstanceOf(
      InvalidAnswerError,
    );
  });
});

describe('requestOk', () => {
  it('resolves on any 2xx answer, whatever its body', async () => {
    server.use(http.get('/', () => HttpResponse.text('<!doctype html>')));
    await expect(requestOk('/', { timeoutMs: 1000 })).resolves.toBeUndefined();
  });
});
