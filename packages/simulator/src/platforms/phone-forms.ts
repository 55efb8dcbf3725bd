/**
 * A store's number (ten digits) in the forms the platforms write it: Dutchie's and Jane's
 * '(314) 555-0107', a Weedmaps listing's '314-555-0107', schema.org's '+1-314-555-0107'.
 */
const parts = (digits: string) => [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];

export function parenthesizedPhone(digits: string): string {
  const [area, exchange, line] = parts(digits);
  return `(${area}) ${exchange}-${line}`;
}

export function dashedPhone(digits: string): string {
  return parts(digits).join('-');
}

export function internationalPhone(digits: string): string {
  return `+1-${dashedPhone(digits)}`;
}
