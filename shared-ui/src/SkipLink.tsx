import styled from 'styled-components';
import { visuallyHidden } from './a11y';

/**
 * "Skip to main content": the first stop of the keyboard on every page, hidden until focused,
 * past the logo, shortcuts and navigation to the screen itself (`<main id={target}>`, which takes
 * the focus: tabindex -1).
 */
export function SkipLink({ target }: { target: string }) {
  return <Skip href={`#${target}`}>Skip to main content</Skip>;
}

const Skip = styled.a`
  ${visuallyHidden}
  &:focus {
    position: fixed !important;
    top: ${({ theme }) => theme.space(2)};
    left: ${({ theme }) => theme.space(2)};
    z-index: ${({ theme }) => theme.zIndex.toast};
    width: auto;
    height: auto;
    margin: 0;
    clip: auto;
    overflow: visible;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
    border-radius: ${({ theme }) => theme.radius};
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primaryText};
    font-weight: 700;
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;
