import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DispensarySchema } from './dispensary';
import { readStorePhone } from './read-store-phone';
import { storePhone, StorePhoneSchema } from './store-phone';

const phone = { source: 'platform', display: '(314) 555-0123', href: 'tel:+13145550123' };

describe('StorePhoneSchema and readStorePhone', () => {
  it.each<[string, unknown, boolean]>([
    ['a number from the platform', phone, true],
    ['from the registry', { ...phone, source: 'registry' }, true],
    ['an unknown source', { ...phone, source: 'guess' }, false],
    ['display and href of two numbers', { ...phone, href: 'tel:+13145550199' }, false],
    ['a display written otherwise', { ...phone, display: '314-555-0123' }, false],
    ['an href that is no tel: link', { ...phone, href: 'javascript:alert(1)' }, false],
    [
      'a number outside the plan',
      { ...phone, display: '(114) 555-0123', href: 'tel:+11145550123' },
      false,
    ],
    ['no display', { source: 'platform', href: phone.href }, false],
    ['not an object', '(314) 555-0123', false],
    ['null', null, false],
  ])('%s', (_, value, valid) => {
    expect(StorePhoneSchema.safeParse(value).success).toBe(valid);
    expect(readStorePhone(value)).toEqual(valid ? value : undefined);
  });

  it('reads as the schema parses, on generated input', () => {
    const field = fc.oneof(
      fc.constantFrom(
        phone.display,
        phone.href,
        '(636) 555-0142',
        'tel:+16365550142',
        'platform',
        'registry',
      ),
      fc.string({ maxLength: 20 }),
      fc.integer(),
    );
    fc.assert(
      fc.property(
        fc.record({ source: field, display: field, href: field, extra: field }),
        (value) => {
          const parsed = StorePhoneSchema.safeParse(value);
          expect(readStorePhone(value)).toEqual(parsed.success ? parsed.data : undefined);
        },
      ),
    );
  });

  it('makes the contract’s field from a phone field, or none', () => {
    expect(storePhone('314.555.0123', 'registry')).toEqual({ ...phone, source: 'registry' });
    expect(storePhone('call us', 'platform')).toBeUndefined();
    expect(DispensarySchema.parse({ key: 'a', name: 'A', phone })).toMatchObject({ phone });
  });
});
