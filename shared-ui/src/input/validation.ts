import { phoneDigits } from './phone';

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
export function validateField(type: FieldType, value: string, required = false): string | null {
  if (value.trim() === '') return required ? REQUIRED_MESSAGE : null;
  if (type === 'email' && !isValidEmail(value.trim())) return EMAIL_MESSAGE;
  if (type === 'phone') {
    // National number 2..17 digits after the dialling code (E.164 value from PhoneInput).
    const national = phoneDigits(value);
    if (national === null || national.length < 2 || national.length > 17) return PHONE_MESSAGE;
  }
  return null;
}
