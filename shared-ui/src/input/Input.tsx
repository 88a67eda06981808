import { useId, useRef, useState, type FocusEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing } from '../a11y';
import { controlCss, describedBy, FieldMessages, FieldWrap, Label, RequiredMark } from './Field';
import { PhoneControl } from './PhoneControl';
import { useResetOnProgrammaticClear, useTouched } from './useTouched';
import { requirePhoneRule, validateField, type FieldType } from './validation';
import type { PhoneRule } from './phone';

export interface InputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'type' | 'min' | 'max' | 'defaultValue'> {
  label: string;
  name: string;
  type?: FieldType;
  value: string;
  onChange(value: string): void;
  /** Shown when the field's own checks pass (e.g. 'Passwords do not match!' or a server message). */
  error?: string | null;
  hint?: ReactNode;
  /** Show the field's own messages after blur (default true); they always appear on form submit. */
  validateOnBlur?: boolean;
  min?: string | number;
  max?: string | number;
  /** Phone only: ISO code of the initially selected country (default 'US'). */
  defaultCountry?: string;
  /** Phone only, and required there: the number's rule (`phoneRule` of @halcyon/api-client/model). */
  phoneRule?: PhoneRule;
  /** Hide the visible label (it stays the accessible name). */
  hideLabel?: boolean;
}

const StyledInput = styled.input`${controlCss}`;

const PasswordBox = styled.div`
  position: relative;
  & > input { padding-right: 3.25rem; }
`;

const ToggleButton = styled.button`
  position: absolute;
  top: 50%;
  right: 4px;
  transform: translateY(-50%);
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 39px;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radiusSmall};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &:hover { color: ${({ theme }) => theme.colors.text}; }
  ${focusRing}
`;

const HiddenLabelText = styled.span`
  position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
`;

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </svg>
  );
}

const htmlType: Record<Exclude<FieldType, 'phone' | 'password'>, string> = {
  text: 'text',
  email: 'email',
  number: 'number',
  date: 'date',
};

export function Input({
  label,
  name,
  type = 'text',
  value,
  onChange,
  required = false,
  placeholder = 'Enter text.',
  error,
  hint,
  validateOnBlur = true,
  id,
  defaultCountry,
  phoneRule,
  hideLabel = false,
  onBlur,
  ...rest
}: InputProps) {
  const autoId = useId();
  const inputId = id ?? `${name}-${autoId}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const ref = useRef<HTMLInputElement | null>(null);
  const [touched, setTouched] = useTouched(ref);
  useResetOnProgrammaticClear(value, ref, setTouched);
  const [shown, setShown] = useState(false);

  const ownError = touched ? validateField(type, value, required, phoneRule) : null;
  const shownError = ownError ?? (error || null);
  const common = {
    id: inputId,
    name,
    required,
    placeholder,
    'aria-invalid': shownError ? true : undefined,
    'aria-describedby': describedBy(hint !== undefined && hint !== null && hintId, shownError && errorId, rest['aria-describedby']),
    onBlur: (e: FocusEvent<HTMLInputElement>) => {
      if (validateOnBlur) setTouched(true);
      onBlur?.(e);
    },
  };

  let control: ReactNode;
  if (type === 'phone') {
    control = (
      <PhoneControl
        {...rest}
        {...common}
        inputRef={ref}
        value={value}
        onChange={onChange}
        countryLabel={`${label} country code`}
        defaultCountry={defaultCountry}
        rule={requirePhoneRule(phoneRule)}
      />
    );
  } else if (type === 'password') {
    control = (
      <PasswordBox>
        <StyledInput
          {...rest}
          {...common}
          ref={ref}
          type={shown ? 'text' : 'password'}
          autoComplete={rest.autoComplete ?? 'current-password'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        <ToggleButton
          type="button"
          aria-pressed={shown}
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-controls={inputId}
          onClick={() => setShown((s) => !s)}
          disabled={rest.disabled}
        >
          <EyeIcon crossed={shown} />
        </ToggleButton>
      </PasswordBox>
    );
  } else {
    control = (
      <StyledInput
        {...rest}
        {...common}
        ref={ref}
        type={htmlType[type]}
        inputMode={rest.inputMode ?? (type === 'number' ? 'decimal' : type === 'email' ? 'email' : undefined)}
        autoComplete={rest.autoComplete ?? (type === 'email' ? 'email' : undefined)}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }

  return (
    <FieldWrap>
      <Label htmlFor={inputId}>
        {hideLabel ? <HiddenLabelText>{label}</HiddenLabelText> : label}
        {required && !hideLabel ? <RequiredMark /> : null}
      </Label>
      {control}
      <FieldMessages hint={hint} hintId={hintId} error={shownError} errorId={errorId} />
    </FieldWrap>
  );
}
