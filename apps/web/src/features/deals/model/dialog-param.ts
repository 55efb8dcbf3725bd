import { LIMITS } from '@stl-deals/domain';

/**
 * The page's URL names what is open over the list, so a shared link opens it too:
 * '?product=<productKey>' the product at every store, '?store=<dispensary key>' a store's panel.
 * They are no filters (the list behind is the same, and the page number stays): the filters' URL
 * code keeps them as it keeps any parameter not its own. One is open at a time: opening one takes
 * the other out of the URL, so Back and a shared link always mean one dialog.
 */
export const DIALOG_PARAMS = ['product', 'store'] as const;
export type DialogParam = (typeof DIALOG_PARAMS)[number];

/** The longest value each names: a product key, a dispensary key. */
const MAX_LENGTH: Record<DialogParam, number> = {
  product: LIMITS.shortText,
  store: LIMITS.key,
};

/** What a URL query names for `name`, or null (none, blank, or longer than such a key). */
export function readDialogParam(query: string, name: DialogParam): string | null {
  const value = new URLSearchParams(query).get(name)?.trim() ?? '';
  return value !== '' && value.length <= MAX_LENGTH[name] ? value : null;
}

/**
 * `query` opening `value` for `name` (and closing the other dialog), or closing it (null); the
 * rest as it was.
 */
export function withDialogParam(query: string, name: DialogParam, value: string | null): string {
  const params = new URLSearchParams(query);
  if (value === null) params.delete(name);
  else {
    for (const other of DIALOG_PARAMS) if (other !== name) params.delete(other);
    params.set(name, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The dialog a URL query opens: the first of `DIALOG_PARAMS` it names, or null. */
export function openDialog(query: string): { name: DialogParam; value: string } | null {
  for (const name of DIALOG_PARAMS) {
    const value = readDialogParam(query, name);
    if (value !== null) return { name, value };
  }
  return null;
}
