import type { ButtonHTMLAttributes, MouseEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
import styled, { css } from 'styled-components';
import { focusRing } from './a11y';
import { Spinner } from './Spinner';

/** `danger`: an outline in the danger colour, for a destructive action that should not be the loudest thing on screen. */
export type ButtonVariant = 'primary' | 'secondary' | 'danger';
export type ButtonSize = 'small' | 'normal';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: ReactNode;
  iconPosition?: 'left' | 'right';
  /** Renders a react-router Link to this path, styled as a button. */
  to?: string;
  /** Disables the button and shows a spinner; aria-busy is set. */
  loading?: boolean;
  /** Stretch to the container width. */
  fullWidth?: boolean;
}

interface StyleProps {
  $variant: ButtonVariant;
  $size: ButtonSize;
  $fullWidth: boolean;
}

const buttonCss = css<StyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  min-height: ${({ theme, $size }) => theme.controlHeight[$size]};
  padding: 0 ${({ theme, $size }) => theme.space($size === 'small' ? 3 : 5)};
  border: 2px solid transparent;
  border-radius: ${({ theme }) => theme.radius};
  font-size: ${({ theme, $size }) => ($size === 'small' ? theme.font.size.small : theme.font.size.normal)};
  font-weight: 600;
  line-height: 1.2;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  transition: background-color 0.15s ease;
  ${({ theme, $variant }) => {
    if ($variant === 'primary') {
      return css`
        background: ${theme.colors.primary};
        color: ${theme.colors.primaryText};
        &:hover:not(:disabled) { background: ${theme.colors.primaryHover}; }
      `;
    }
    if ($variant === 'danger') {
      return css`
        background: transparent;
        color: ${theme.colors.danger};
        box-shadow: inset 0 0 0 1px ${theme.colors.danger};
        &:hover:not(:disabled) { background: ${theme.colors.danger}; color: ${theme.colors.onStatus}; }
      `;
    }
    return css`
      background: ${theme.colors.secondary};
      color: ${theme.colors.secondaryText};
      &:hover:not(:disabled) { background: ${theme.colors.secondaryHover}; }
    `;
  }}
  &:disabled { opacity: 0.6; cursor: not-allowed; }
  ${focusRing}
`;

const StyledButton = styled.button<StyleProps>`${buttonCss}`;
const StyledLink = styled(Link)<StyleProps>`${buttonCss}`;
const IconSlot = styled.span`
  display: inline-flex;
  & > svg { width: 1.1em; height: 1.1em; }
`;

export function Button({
  variant = 'primary',
  size = 'normal',
  icon,
  iconPosition = 'left',
  to,
  loading = false,
  fullWidth = false,
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  const styleProps: StyleProps = { $variant: variant, $size: size, $fullWidth: fullWidth };
  const iconNode = loading ? <Spinner size={16} /> : icon ? <IconSlot aria-hidden="true">{icon}</IconSlot> : null;
  const content = (
    <>
      {iconPosition === 'left' ? iconNode : null}
      {children}
      {iconPosition === 'right' ? iconNode : null}
    </>
  );
  if (to !== undefined) {
    const { className, id, title, onClick, style } = rest;
    const linkClick = onClick as unknown as MouseEventHandler<HTMLAnchorElement> | undefined;
    return (
      <StyledLink
        to={to}
        {...styleProps}
        className={className}
        id={id}
        title={title}
        style={style}
        onClick={linkClick}
        aria-label={rest['aria-label']}
      >
        {content}
      </StyledLink>
    );
  }
  return (
    <StyledButton
      type={type}
      {...styleProps}
      {...rest}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {content}
    </StyledButton>
  );
}
