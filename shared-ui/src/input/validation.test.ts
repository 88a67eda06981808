import { isValidEmail, validateField } from './validation';
import { testPhoneRule } from '../../test/phoneRule';
import { cleanDigits, formatNational, parseE164 } from './phone';
import { countryByIso } from './countries';

describe('validateField', () => {
  it('requires a value only when required', () => {
    expect(validateField('text', '', true)).toBe('This field is required.');
    expect(validateField('text', '   ', true)).toBe('This field is required.');
    expect(validateField('text', '', false)).toBeNull();
    expect(validateField('text', 'a', true)).toBeNull();
  });
  it('checks emails as text@text.text without spaces', () => {
    expect(validateField('email', 'ann@example.com', true)).toBeNull();
    expect(validateField('email', 'ann@example', true)).toBe('Please enter a valid email address.');
    expect(validateField('email', 'an n@example.com', true)).toBe('Please enter a valid email address.');
    expect(validateField('email', '@example.com', false)).toBe('Please enter a valid email address.');
    expect(isValidEmail('a@b.c')).toBe(true);
    expect(isValidEmail('a@b.')).toBe(false);
    expect(isValidEmail('a b@c.d')).toBe(false);
  });
  it('checks a phone with the rule it is given, and refuses to check one without', () => {
    expect(validateField('phone', '+4420', true, testPhoneRule)).toBeNull();
    expect(validateField('phone', '+44', true, testPhoneRule)).toBe('Please enter a valid phone number.');
    expect(validateField('phone', '', true, testPhoneRule)).toBe('This field is required.');
    expect(() => validateField('phone', '+4420', true)).toThrow('phoneRule');
  });
});

describe('phone helpers', () => {
  it('groups digits in threes, never leaving a single digit alone', () => {
    expect(formatNational('')).toBe('');
    expect(formatNational('41')).toBe('41');
    expect(formatNational('415555')).toBe('415 555');
    expect(formatNational('4155550123')).toBe('415 555 0123');
    expect(formatNational('7911123456')).toBe('791 112 3456');
  });
  it('keeps at most 17 digits from at most 250 characters', () => {
    expect(cleanDigits('(415) 555-0123', 17)).toBe('4155550123');
    expect(cleanDigits('1'.repeat(30), 17)).toBe('1'.repeat(17));
    expect(cleanDigits(`${' '.repeat(250)}123`, 17)).toBe('');
  });
  it('parses E.164 preferring the selected country, else the longest code', () => {
    const ca = countryByIso('CA');
    expect(parseE164('+14155550123', ca)).toEqual({ country: ca, digits: '4155550123' });
    expect(parseE164('+447911123456')?.country.iso).toBe('GB');
    expect(parseE164('+18765551234')?.country.iso).toBe('JM');
    expect(parseE164('07911')).toBeNull();
  });
});
