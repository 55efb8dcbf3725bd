/**
 * Browser extensions run their own scripts inside the page and fail there; their errors are not
 * the page's and only bury its own (spec section 8: suppressed). An error is taken for an
 * extension's when its text or source names an extension URL scheme
 * (chrome-extension://, moz-extension://, safari-extension://, safari-web-extension://) or it is
 * one of the messaging errors extensions cause: 'Extension context invalidated', 'Unchecked
 * runtime.lastError', 'Could not establish connection. Receiving end does not exist', 'The
 * message port closed before a response was received' and 'A listener indicated an asynchronous
 * response by returning true'.
 */
// One expression for all of them: the page's first load carries it (and its budget is tight).
const EXTENSION_MARKER =
  /\b(?:chrome|moz|safari|safari-web)-extension:\/\/|Extension context invalidated|runtime\.lastError|Receiving end does not exist|message port closed before a response was received|listener indicated an asynchronous response by returning true/i;

export function isExtensionError(...parts: unknown[]): boolean {
  return EXTENSION_MARKER.test(parts.map(describe).join(' '));
}

function describe(part: unknown): string {
  if (part instanceof Error) return `${part.message} ${part.stack ?? ''}`;
  return typeof part === 'string' ? part : '';
}

/**
 * Drops extension errors from `console.error` and from the window's uncaught error and rejection
 * events; everything else passes untouched. Returns the function that undoes it.
 */
export function suppressExtensionErrors(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  log: Pick<Console, 'error'> = console,
): () => void {
  const original = log.error;
  log.error = (...args: unknown[]) => {
    if (!isExtensionError(...args)) original.apply(log, args);
  };
  const onError = (event: ErrorEvent) => {
    if (isExtensionError(event.message, event.filename, event.error)) event.preventDefault();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isExtensionError(event.reason)) event.preventDefault();
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    log.error = original;
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
