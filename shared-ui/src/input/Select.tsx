import { useId, useRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { controlCss, describedBy, FieldMessages, FieldWrap, Label, RequiredMark } from './Field';
import { useResetOnProgrammaticClear, useTouched } from './useTouched';
import { REQUIRED_MESSAGE } from './validation';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  options: readonly SelectOption[];
  /** First, empty option (value ''), e.g. 'Select method'. */
  placeholder?: string;
  error?: string | null;
  hint?: ReactNode;
}

const StyledSelect = styled.select`
  ${controlCss}
  padding-right: ${({ theme }) => theme.space(8)};
  appearance: none;
  cursor: pointer;
  /* Tiny inline chevron (no icon library). */
  background-image: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='12' height='8' viewBox='0 0 12 8'%3E%3Cpath d='M1 1l5 5 5-5' fill='none' stroke='%23b4bddb' stroke-width='2'/%3E%3C/svg%3E");
  background-repeat: no-repeat;
  background-position: right 14px center;
`;

export function Select({ label, name, value, onChange, options, placeholder, error, hint, required = false, id, ...rest }: SelectProps) {
  const autoId = useId();
  const selectId = id ?? `${name}-${autoId}`;
  const errorId = `${selectId}-error`;
  const hintId = `${selectId}-hint`;
  const ref = useRef<HTMLSelectElement | null>(null);
  const [touched, setTouched] = useTouched(ref);
  useResetOnProgrammaticClear(value, ref, setTouched);
  const ownError = touched && required && value === '' ? REQUIRED_MESSAGE : null;
  const shownError = ownError ?? (error || null);
  return (
    <FieldWrap>
      <Label htmlFor={selectId}>
        {label}
        {required ? <RequiredMark /> : null}
      </Label>
      <StyledSelect
        {...rest}
        ref={ref}
        id={selectId}
        name={name}
        required={required}
        value={value}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && hint !== null && hintId, shownError && errorId)}
        onChange={(e) => onChange(e.target.value)}
        onBlur={(e) => {
          setTouched(true);
          rest.onBlur?.(e);
        }}
      >
        {placeholder !== undefined ? (
          <option value="" disabled={required}>
            {placeholder}
          </option>
        ) : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </StyledSelect>
      <FieldMessages hint={hint} hintId={hintId} error={shownError} errorId={errorId} />
    </FieldWrap>
  );
}
