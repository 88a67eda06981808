import { countries, type Country } from './countries';

/**
 * What a phone field checks. The app passes the contract's rule, the one the server applies
 * (`phoneRule` of @halcyon/api-client/model; docs/frontend-contract.md, Rules): the design system
 * holds no business rule and imports nothing of ours.
 */
export interface PhoneRule {
  /** True for a number the API stores. */
  isValid(value: string): boolean;
  /** The most national digits the field keeps. */
  nationalMax: number;
}

/** Parsed input is capped at 250 characters (spec limit); the national number at the rule's maximum. */
export const PHONE_MAX_INPUT = 250;

/** Group national digits for display: threes, with a trailing single digit joined to the group before. */
export function formatNational(digits: string): string {
  const groups: string[] = [];
  for (let i = 0; i < digits.length; i += 3) groups.push(digits.slice(i, i + 3));
  const last = groups[groups.length - 1];
  if (groups.length > 1 && last !== undefined && last.length === 1) {
    groups.pop();
    groups[groups.length - 1] += last;
  }
  return groups.join(' ');
}

/** Digits of a typed value, at most `nationalMax`, ignoring anything past PHONE_MAX_INPUT characters. */
export function cleanDigits(typed: string, nationalMax: number): string {
  return typed.slice(0, PHONE_MAX_INPUT).replace(/\D/g, '').slice(0, nationalMax);
}

/** E.164 value for a country and national digits; '' when there are no digits. */
export function toE164(country: Country, digits: string): string {
  return digits === '' ? '' : `+${country.dial}${digits}`;
}

/**
 * Split an E.164 value into country and national digits. `preferred` wins when its code
 * matches (+1 is both US and CA); otherwise the longest matching dialling code.
 */
export function parseE164(value: string, preferred?: Country): { country: Country; digits: string } | null {
  if (!value.startsWith('+')) return null;
  const all = value.slice(1).replace(/\D/g, '');
  if (preferred && all.startsWith(preferred.dial)) return { country: preferred, digits: all.slice(preferred.dial.length) };
  let best: Country | undefined;
  for (const c of countries) {
    if (all.startsWith(c.dial) && (!best || c.dial.length > best.dial.length)) best = c;
  }
  return best ? { country: best, digits: all.slice(best.dial.length) } : null;
}
