import { countries, validateField } from '@halcyon/shared-ui';
import { phoneRule, splitPhoneNumber } from '@halcyon/api-client/model';

// shared-ui's phone field with the contract's rule, as the register and profile forms use it.
describe('the phone field with the contract rule', () => {
  it('applies the server\'s phone rule: + calling code + 2 to 17 digits (+112345 passes on both sides)', () => {
    expect(validateField('phone', '+112345', true, phoneRule)).toBeNull();
    expect(validateField('phone', '+1', true, phoneRule)).toBe('Please enter a valid phone number.');
    expect(validateField('phone', '+0123456', true, phoneRule)).toBe('Please enter a valid phone number.');
    expect(validateField('phone', '4155550123', true, phoneRule)).toBe('Please enter a valid phone number.');
  });
  it('offers only countries whose dialling code starts with a calling code the rule knows', () => {
    for (const c of countries) expect(splitPhoneNumber(`+${c.dial}`)).not.toBeNull();
  });
  it('checks a phone national number of 2 to 17 digits', () => {
    expect(validateField('phone', '+4420', true, phoneRule)).toBeNull();
    expect(validateField('phone', '+442', true, phoneRule)).toBe('Please enter a valid phone number.');
    expect(validateField('phone', `+44${'1'.repeat(17)}`, true, phoneRule)).toBeNull();
    expect(validateField('phone', `+44${'1'.repeat(18)}`, true, phoneRule)).toBe('Please enter a valid phone number.');
    expect(validateField('phone', '', true, phoneRule)).toBe('This field is required.');
  });
});
