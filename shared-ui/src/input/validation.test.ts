import { isValidEmail, validateField } from './validation';
import { splitPhoneNumber } from '@halcyon/api-client/rules';
import { countries } from './countries';
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
  it('applies the server\'s phone rule: + calling code + 2 to 17 digits (+112345 passes on both sides)', () => {
    expect(validateField('phone', '+112345', true)).toBeNull();
    expect(validateField('phone', '+1', true)).toBe('Please enter a valid phone number.');
    expect(validateField('phone', '+0123456', true)).toBe('Please enter a valid phone number.');
    expect(validateField('phone', '4155550123', true)).toBe('Please enter a valid phone number.');
  });
  it('offers only countries whose dialling code starts with a calling code the rule knows', () => {
    for (const c of countries) expect(splitPhoneNumber(`+${c.dial}`)).not.toBeNull();
  });
  it('checks a phone national number of 2 to 17 digits', () => {
    expect(validateField('phone', '+4420', true)).toBeNull();
    expect(validateField('phone', '+442', true)).toBe('Please enter a valid phone number.');
    expect(validateField('phone', `+44${'1'.repeat(17)}`, true)).toBeNull();
    expect(validateField('phone', `+44${'1'.repeat(18)}`, true)).toBe('Please enter a valid phone number.');
    expect(validateField('phone', '', true)).toBe('This field is required.');
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
    expect(cleanDigits('(415) 555-0123')).toBe('4155550123');
    expect(cleanDigits('1'.repeat(30))).toBe('1'.repeat(17));
    expect(cleanDigits(`${' '.repeat(250)}123`)).toBe('');
  });
  it('parses E.164 preferring the selected country, else the longest code', () => {
    const ca = countryByIso('CA');
    expect(parseE164('+14155550123', ca)).toEqual({ country: ca, digits: '4155550123' });
    expect(parseE164('+447911123456')?.country.iso).toBe('GB');
    expect(parseE164('+18765551234')?.country.iso).toBe('JM');
    expect(parseE164('07911')).toBeNull();
  });
});
