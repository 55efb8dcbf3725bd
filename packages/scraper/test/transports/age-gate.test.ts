import { describe, expect, it } from 'vitest';
import { DIALOG_ANSWER, SAYS_21 } from '../../src/transports/age-gate';

describe('age gate answers', () => {
  it.each([
    ['I am 21 or older', true, true],
    ["I'm over 21", true, true],
    ['I’m 21 or older', true, true],
    ['Yes, I am at least 21', true, true],
    ['21+', true, true],
    ['I AM 21+', true, true],
    ['Yes', true, false],
    ['YES', true, false],
    ['Enter', true, false],
    ['Enter site', true, false],
    ['I Confirm', true, false],
    ['No', false, false],
    ['I am under 21', false, false],
    ['No, I am not 21+', false, false],
    ['Exit', false, false],
    ['Center', false, false],
    ['Yesterday’s deals', false, false],
    ['Shop 210 products', false, false],
  ])('%j: in a dialog %s, anywhere %s', (text, inDialog, anywhere) => {
    expect(DIALOG_ANSWER.test(text)).toBe(inDialog);
    expect(SAYS_21.test(text)).toBe(anywhere);
  });
});
