import styled from 'styled-components';

/**
 * The profile picture, or the initials when there is none. Decorative: the caller names it. The
 * initials are CSS generated content, not text, so they are not read as part of a button's name
 * (axe's label-content-name-mismatch flags visible text that the accessible name lacks).
 */
export function Avatar({ src, name, size = 40 }: { src: string | null | undefined; name: string; size?: number }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
  return src ? <Img src={src} alt="" width={size} height={size} $size={size} /> : <Initials aria-hidden="true" data-initials={initials || '?'} $size={size} />;
}

const Img = styled.img<{ $size: number }>`
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  object-fit: cover;
`;

const Initials = styled.span<{ $size: number }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: 700;
  font-size: ${({ $size }) => Math.round($size * 0.4)}px;
  &::before {
    content: attr(data-initials);
  }
`;
