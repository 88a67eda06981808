import styled from 'styled-components';

// The pieces Payment information shows in both its forms: the shared address (manual review)
// and the investor's own quoted address.

/** QR code on a white quiet zone, then the address as text. */
export const AddressBox = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  .qr { padding: ${({ theme }) => theme.space(2)}; background: #ffffff; border-radius: ${({ theme }) => theme.radiusSmall}; line-height: 0; }
  p { margin: 0; color: ${({ theme }) => theme.colors.danger}; font-weight: 600; }
  code {
    max-width: 100%;
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radiusSmall};
    background: ${({ theme }) => theme.colors.inputBackground};
    font-family: ${({ theme }) => theme.font.mono};
    overflow-wrap: anywhere;
    text-align: center;
  }
`;

/** The network warning. */
export const Note = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border-left: 3px solid ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  font-size: ${({ theme }) => theme.font.size.small};
`;

/** The asset's name at the top of the panel ('Gateway', spec 9). */
export const Gateway = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  strong { font-size: 1.25rem; }
`;
