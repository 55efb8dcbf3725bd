/**
 * Numbers as the page writes them, US English: '12,345', '8.57', '$24.50'.
 *
 * Written out here rather than by `Intl.NumberFormat`: the browser's first Intl formatter costs
 * about 25 ms (ICU loads its locale data; four times that on a phone), and every card shows a
 * price (Total Blocking Time). The texts are Intl's own (tests compare them): rounding
 * is half away from zero on the number's shortest decimal form, so 2.675 is '2.68' ('toFixed'
 * rounds the binary value just under it: '2.67'), and thousands are grouped by commas. One
 * decision of ours: zero has no sign (Intl writes negative zero '-0').
 */
export function decimalText(value: number, fractionDigits: number): string {
  if (Number.isNaN(value)) return 'NaN';
  const sign = value < 0 ? '-' : '';
  if (!Number.isFinite(value)) return `${sign}∞`;
  const { whole, fraction } = rounded(shortestDecimal(Math.abs(value)), fractionDigits);
  const grouped = whole.replace(/\B(?=(?:\d{3})+$)/g, ',');
  return `${sign}${grouped}${fraction === '' ? '' : `.${fraction}`}`;
}

/** A whole number, grouped: '12,345'. */
export function wholeNumberText(value: number): string {
  return decimalText(value, 0);
}

/** US dollars: '$25' for whole dollars, '$24.50' otherwise; '$8.50' when cents are asked for. */
export function dollarsText(amount: number, { cents }: { cents: boolean }): string {
  const text = decimalText(Math.abs(amount), cents ? 2 : 0);
  return `${amount < 0 ? '-' : ''}$${text}`;
}

/** The digits of the shortest decimal that reads back as `value` (>= 0), and where the point is. */
function shortestDecimal(value: number): { digits: string; point: number } {
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  return { digits: whole + fraction, point: whole.length + Number(exponent) };
}

/** The decimal rounded to `places` after the point, half up, as whole and fraction digits. */
function rounded(
  { digits, point }: { digits: string; point: number },
  places: number,
): { whole: string; fraction: string } {
  // Zeros on both sides, so that the point falls inside the digits and `places` digits follow it.
  const lead = Math.max(0, 1 - point);
  const padded =
    '0'.repeat(lead) + digits + '0'.repeat(Math.max(0, point + places - digits.length));
  const at = point + lead;
  let kept = padded.slice(0, at + places);
  if (padded.charCodeAt(at + places) >= 0x35 /* '5' or more */) {
    kept = (BigInt(kept) + 1n).toString().padStart(kept.length, '0');
  }
  const wholeEnd = kept.length - places;
  return {
    whole: kept.slice(0, wholeEnd).replace(/^0+(?=\d)/, ''),
    fraction: kept.slice(wholeEnd),
  };
}
