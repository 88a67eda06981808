import { useLayoutEffect, useRef, useState, type InputHTMLAttributes, type Ref } from 'react';
import styled from 'styled-components';
import { controlCss } from './Field';
import { countries, countryByIso, type Country } from './countries';
import { cleanDigits, formatNational, parseE164, PHONE_MAX_INPUT, toE164, type PhoneRule } from './phone';

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
`;

const CountrySelect = styled.select`
  ${controlCss}
  flex: 0 0 7.5rem;
  width: 7.5rem;
  padding: 0 ${({ theme }) => theme.space(2)};
  text-overflow: ellipsis;
`;

const NumberInput = styled.input`
  ${controlCss}
  flex: 1 1 auto;
`;

const fallbackCountry = countries[0] as Country;

export interface PhoneControlProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'defaultValue'> {
  /** E.164, e.g. '+14155550123', or ''. */
  value: string;
  onChange(value: string): void;
  /** Accessible name of the country selector. */
  countryLabel: string;
  defaultCountry?: string;
  inputRef?: Ref<HTMLInputElement>;
  rule: PhoneRule;
}

/** Number of digits in s before position pos. */
function digitsBefore(s: string, pos: number): number {
  return s.slice(0, pos).replace(/\D/g, '').length;
}

/** Caret position in a formatted string just after the n-th digit. */
function positionAfterDigits(formatted: string, n: number): number {
  if (n === 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i] as string)) seen++;
    if (seen === n) return i + 1;
  }
  return formatted.length;
}

export function PhoneControl({ value, onChange, countryLabel, defaultCountry = 'US', inputRef, disabled, readOnly, rule, ...rest }: PhoneControlProps) {
  const [country, setCountry] = useState<Country>(() => {
    const preferred = countryByIso(defaultCountry) ?? fallbackCountry;
    return parseE164(value, preferred)?.country ?? preferred;
  });
  const parsed = parseE164(value, country);
  // A value set from outside (e.g. a loaded profile) may carry another country's code: follow it.
  if (parsed && parsed.country.dial !== country.dial) setCountry(parsed.country);
  // Values stored without '+' (legacy data) are shown as national digits, not dropped.
  const digits = parsed ? parsed.digits : cleanDigits(value, rule.nationalMax);
  const display = formatNational(digits);
  const ownRef = useRef<HTMLInputElement | null>(null);
  const pendingCaret = useRef<number | null>(null);

  // Re-place the caret after formatting moved characters around it.
  useLayoutEffect(() => {
    const el = ownRef.current;
    if (el && pendingCaret.current !== null && document.activeElement === el) {
      const pos = positionAfterDigits(display, pendingCaret.current);
      el.setSelectionRange(pos, pos);
    }
    pendingCaret.current = null;
  }, [display]);

  const setRefs = (el: HTMLInputElement | null) => {
    ownRef.current = el;
    if (typeof inputRef === 'function') inputRef(el);
    else if (inputRef) (inputRef as { current: HTMLInputElement | null }).current = el;
  };

  return (
    <Row>
      <CountrySelect
        aria-label={countryLabel}
        value={country.iso}
        disabled={disabled || readOnly}
        onChange={(e) => {
          const next = countryByIso(e.target.value) ?? fallbackCountry;
          setCountry(next);
          onChange(toE164(next, digits));
        }}
      >
        {countries.map((c) => (
          <option key={c.iso} value={c.iso}>
            {`+${c.dial} ${c.name}`}
          </option>
        ))}
      </CountrySelect>
      <NumberInput
        {...rest}
        ref={setRefs}
        type="tel"
        inputMode="tel"
        autoComplete={rest.autoComplete ?? 'tel-national'}
        maxLength={PHONE_MAX_INPUT}
        disabled={disabled}
        readOnly={readOnly}
        value={display}
        onChange={(e) => {
          const typed = e.target.value;
          const next = cleanDigits(typed, rule.nationalMax);
          pendingCaret.current = Math.min(digitsBefore(typed, e.target.selectionStart ?? typed.length), next.length);
          onChange(toE164(country, next));
        }}
      />
    </Row>
  );
}
