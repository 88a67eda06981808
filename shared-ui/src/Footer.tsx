import styled from 'styled-components';

const Foot = styled.footer`
  padding: ${({ theme }) => theme.space(4)};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
  & > p { margin: 0; }
`;

export interface FooterProps {
  brand?: string;
  className?: string;
}

export function footerText(brand: string): string {
  return `Copyright © 2025 ${brand}. All Rights Reserved.`;
}

export function Footer({ brand = 'Halcyon', className }: FooterProps) {
  return (
    <Foot className={className}>
      <p>{footerText(brand)}</p>
    </Foot>
  );
}
