import type { PhoneRule } from './phone';

export type FieldType = 'text' | 'email' | 'password' | 'phone' | 'number' | 'date';

export const REQUIRED_MESSAGE = 'This field is required.';
export const EMAIL_MESSAGE = 'Please enter a valid email address.';
export const PHONE_MESSAGE = 'Please enter a valid phone number.';

// Spec: text without spaces, an at-sign, text, a dot, more text.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_RE.test(value);
}

/** The message to show for a field value, or null when it is fine. */
export function validateField(type: FieldType, value: string, required = false, phoneRule?: PhoneRule): string | null {
  if (value.trim() === '') return required ? REQUIRED_MESSAGE : null;
  if (type === 'email' && !isValidEmail(value.trim())) return EMAIL_MESSAGE;
  // The E.164 value PhoneControl gives, checked by the rule the server applies to it.
  if (type === 'phone' && !requirePhoneRule(phoneRule).isValid(value.trim())) return PHONE_MESSAGE;
  return null;
}

/** A phone field without its rule would accept anything: a programming error, not a user's. */
export function requirePhoneRule(rule: PhoneRule | undefined): PhoneRule {
  if (!rule) throw new Error('A phone field needs its phoneRule (the contract\'s, from @halcyon/api-client/model).');
  return rule;
}
