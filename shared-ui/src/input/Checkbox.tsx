import { useId, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';
import { focusRing } from '../a11y';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'checked' | 'type'> {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
}

const Wrap = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 32px;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Box = styled.input`
  width: 20px;
  height: 20px;
  margin: 0;
  accent-color: ${({ theme }) => theme.colors.primary};
  cursor: pointer;
  ${focusRing}
`;

/** Native checkbox wrapped in its label (the label text is its accessible name). */
export function Checkbox({ label, checked, onChange, id, ...rest }: CheckboxProps) {
  const autoId = useId();
  const boxId = id ?? `checkbox-${autoId}`;
  return (
    <Wrap htmlFor={boxId}>
      <Box {...rest} id={boxId} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </Wrap>
  );
}
