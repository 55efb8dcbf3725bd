/**
 * jsdom has no modal dialogs: `showModal` here opens a dialog as its attribute does (Chromium runs
 * the real one, with its inert page and top layer, in the end-to-end suite). What the page does
 * itself (focus, Escape, closing) runs as in a browser.
 */
export function installModalDialog(): void {
  if ('showModal' in HTMLDialogElement.prototype) return;
  Object.defineProperty(HTMLDialogElement.prototype, 'showModal', {
    configurable: true,
    value(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
  });
}
