import styled, { css, keyframes } from 'styled-components';

// The layout primitives every app's screens are built from (issue 31 item 4: one set).

/** A screen's column: full width on phones, centred and capped on desktops. */
export const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(5)};
  width: 100%;
  max-width: 1100px;
  margin: 0 auto;
`;

export const Heading = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.title};
  color: ${({ theme }) => theme.colors.text};
`;

export const SectionTitle = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.large};
  color: ${({ theme }) => theme.colors.text};
`;

export const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(5)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.surfaceAlt};
`;

/** Cards that flow into columns at least `$min` px wide (default 260) as the screen grows; `as="ul"` for a list. */
export const Grid = styled.div<{ $min?: number }>`
  display: grid;
  margin: 0;
  padding: 0;
  list-style: none;
  gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${({ $min = 260 }) => $min}px), 1fr));
`;

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

/**
 * A money figure. It never wraps ("$8,700.0 / 0" on a phone, issue 29): it shrinks with its box
 * instead, the nearest size container's width (`container-type: inline-size`), else the screen's.
 */
export const Figure = styled.p`
  margin: 0;
  font-size: clamp(1.1rem, 11cqi, 1.75rem);
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.text};
`;

const pulse = keyframes`50% { opacity: 0.45; }`;

/** Where a figure goes while it loads (inside a Figure: the height of its line). Not read out: the loading state says it. */
export const FigurePending = styled.span.attrs({ 'aria-hidden': true })`
  display: inline-block;
  width: 6em;
  max-width: 100%;
  height: 0.8em;
  border-radius: 4px;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  animation: ${pulse} 1.6s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

/** A form whose fields flow into as many columns as fit (one on phones), capped at 880 px. */
export const FormGrid = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 240px), 1fr));
  gap: ${({ theme }) => theme.space(4)};
  max-width: 880px;
`;

/** A FormGrid row that spans every column (wide inputs, the submit button). */
export const FullRow = styled.div`
  grid-column: 1 / -1;
`;

/** A form of one column. */
export const FormStack = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

/** Forms read better narrow: a single column capped at 640 px on desktops. */
export const NarrowPage = styled(Page)`
  max-width: 640px;
`;

/** A small button-like pill, for a link or label that acts as a control (picture upload, shortcuts). */
export const pill = css`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: ${({ theme }) => theme.controlHeight.small};
  padding: 0 ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius};
  font-weight: 600;
`;
