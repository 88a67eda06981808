import type { PhoneRule } from '../src/input/phone';

/** A stand-in for the contract's phone rule (app-kit's tests check the real one with the field). */
export const testPhoneRule: PhoneRule = { isValid: (value) => /^\+\d{3,18}$/.test(value), nationalMax: 17 };
