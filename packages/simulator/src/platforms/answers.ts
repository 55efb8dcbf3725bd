import type { Answer } from './types';

/** A JSON answer, as every platform API sends it. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Answer {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(body),
  };
}

export function html(body: string, status = 200, headers: Record<string, string> = {}): Answer {
  return { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers }, body };
}

export function text(body: string, status = 200): Answer {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8' }, body };
}

/** Text for an HTML page, with the five characters that could open markup escaped. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

/** A value as JSON that may sit inside a <script> element without closing it early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
