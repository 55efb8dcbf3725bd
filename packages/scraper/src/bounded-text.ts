/**
 * `value` cut so that its JavaScript length (UTF-16 units, what the contract's `max` counts) is at
 * most `max`, never splitting a character in two.
 */
export function boundedText(value: string, max: number): string {
  if (value.length <= max) return value;
  let cut = '';
  for (const character of value) {
    if (cut.length + character.length > max) break;
    cut += character;
  }
  return cut;
}
