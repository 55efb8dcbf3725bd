import { describe, expect, it, vi } from 'vitest';
import { isExtensionError, suppressExtensionErrors } from './suppress-extension-errors';

describe('isExtensionError', () => {
  it.each([
    'Uncaught TypeError at chrome-extension://abcdef/content.js:1:2',
    'moz-extension://1234/inject.js',
    'Error: Extension context invalidated.',
    'Unchecked runtime.lastError: The message port closed before a response was received.',
    'Could not establish connection. Receiving end does not exist.',
    'A listener indicated an asynchronous response by returning true, but the message channel closed',
  ])('matches %j', (text) => {
    expect(isExtensionError(text)).toBe(true);
  });

  it("reads an error's stack", () => {
    const error = new Error('boom');
    error.stack = 'Error: boom\n    at safari-web-extension://x/script.js:3:4';
    expect(isExtensionError(error)).toBe(true);
  });

  it.each(['Failed to fetch deals: Network Error', 'TypeError: x is undefined'])(
    'leaves the page’s own %j',
    (text) => {
      expect(isExtensionError(text, new Error(text))).toBe(false);
    },
  );
});

describe('suppressExtensionErrors', () => {
  it('drops extension errors from console.error and passes the rest', () => {
    const log = { error: vi.fn() };
    const original = log.error;
    const restore = suppressExtensionErrors(window, log);
    log.error('Error in chrome-extension://abc/x.js');
    log.error('Our own error', 42);
    expect(original).toHaveBeenCalledTimes(1);
    expect(original).toHaveBeenCalledWith('Our own error', 42);
    restore();
    expect(log.error).toBe(original);
  });

  it('stops uncaught extension errors and rejections from reaching the console', () => {
    const restore = suppressExtensionErrors(window, { error: vi.fn() });
    const fromExtension = new ErrorEvent('error', {
      message: 'boom',
      filename: 'chrome-extension://abc/content.js',
      cancelable: true,
    });
    const ours = new ErrorEvent('error', {
      message: 'boom',
      filename: '/assets/index.js',
      cancelable: true,
    });
    window.dispatchEvent(fromExtension);
    window.dispatchEvent(ours);
    expect(fromExtension.defaultPrevented).toBe(true);
    expect(ours.defaultPrevented).toBe(false);

    const rejection = new Event('unhandledrejection', { cancelable: true });
    Object.assign(rejection, { reason: new Error('Extension context invalidated.') });
    window.dispatchEvent(rejection);
    expect(rejection.defaultPrevented).toBe(true);
    restore();
  });
});
