/**
 * An email address as the service takes it: one mailbox (`box@domain`), at most 254 characters,
 * in lower case (two spellings of one address are one address), of characters that can end
 * neither a header nor a URL: a dot-atom local part and a domain of DNS labels with a dot.
 * Quoted local parts, comments, IP-literal domains and internationalized addresses are refused:
 * no shopper's address needs them, and each is a way to smuggle text into a header.
 */
const LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export const MAX_ADDRESS = 254;

/** The address `text` names, lower case; null when it is none the service sends to. */
export function readEmailAddress(text: string): string | null {
  const address = text.trim().toLowerCase();
  if (address.length === 0 || address.length > MAX_ADDRESS) return null;
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const labels = address.slice(at + 1).split('.');
  if (at < 1 || local.length > 64 || !LOCAL.test(local)) return null;
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  // A top-level domain is letters (or an IDN's xn--), never all digits.
  return /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(labels.at(-1) ?? '') ? address : null;
}
