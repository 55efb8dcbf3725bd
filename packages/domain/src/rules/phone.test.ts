import { describe, expect, it } from 'vitest';
import { usPhoneNumber } from './phone';

const number = { display: '(314) 555-0123', href: 'tel:+13145550123' };

describe('usPhoneNumber', () => {
  it.each<[string, unknown, typeof number | undefined]>([
    ['parentheses and a dash', '(314) 555-0123', number],
    ['dashes', '314-555-0123', number],
    ['dots', '314.555.0123', number],
    ['spaces', '314 555 0123', number],
    ['digits only', '3145550123', number],
    ['the country code', '+1 314 555 0123', number],
    ['the country code run in', '13145550123', number],
    ['E.164', '+13145550123', number],
    ['a tel: link', 'tel:+1-314-555-0123', number],
    ['a number', 3145550123, number],
    ['white space around it', '  (314) 555-0123\u00a0', number],
    ['a slash', '314/555-0123', number],
    ['too few digits', '555-0123', undefined],
    ['too many digits', '314-555-01234', undefined],
    ['another country', '+44 20 7946 0958', undefined],
    ['eleven digits not starting with 1', '23145550123', undefined],
    ['an area code starting with 1', '(114) 555-0123', undefined],
    ['an area code starting with 0', '(014) 555-0123', undefined],
    ['an exchange starting with 1', '(314) 155-0123', undefined],
    ['an N11 area code', '(911) 555-0123', undefined],
    ['an N11 exchange', '(314) 411-0123', undefined],
    ['zeros', '000-000-0000', undefined],
    ['a vanity number', '1-800-FLOWERS', undefined],
    ['an extension', '314-555-0123 ext. 4', undefined],
    ['two numbers', '314-555-0123 / 314-555-0199', undefined],
    ['two plus signs', '++1 314 555 0123', undefined],
    ['markup', '<b>314-555-0123</b>', undefined],
    ['a script', 'javascript:alert(1)', undefined],
    ['too long', `314-555-0123${' '.repeat(40)}`, undefined],
    ['empty', '', undefined],
    ['null', null, undefined],
    ['an object', { phone: '314-555-0123' }, undefined],
    ['a fraction', 3145550123.5, undefined],
    ['a negative number', -3145550123, undefined],
  ])('%s', (_, value, expected) => {
    expect(usPhoneNumber(value)).toEqual(expected);
  });
});
