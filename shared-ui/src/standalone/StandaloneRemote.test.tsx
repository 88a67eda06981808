import { act, render, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import styled from 'styled-components';
import { theme } from '../theme';
import { toast } from '../toast/toast';
import { StandaloneRemote } from './StandaloneRemote';

/** Stands in for a remote's App: where it is and a themed element. */
const Themed = styled.p`
  color: ${({ theme }) => theme.colors.primary};
`;
function ProbeApp() {
  return <Themed data-testid="app">{useLocation().pathname}</Themed>;
}

afterEach(() => {
  toast.dismiss();
  window.history.replaceState(null, '', '/');
});

describe('StandaloneRemote', () => {
  it('renders the app at a deep link under its base path, with the theme and the toaster', async () => {
    window.history.replaceState(null, '', '/admin/overview');
    render(
      <StandaloneRemote basePath="/admin">
        <ProbeApp />
      </StandaloneRemote>,
    );
    expect(screen.getByTestId('app')).toHaveTextContent('/admin/overview');
    expect(screen.getByTestId('app')).toHaveStyle({ color: theme.colors.primary });
    act(() => {
      toast.success('Saved in standalone');
    });
    expect(await screen.findByText('Saved in standalone')).toBeInTheDocument();
  });

  it('sends any other path to the base path', () => {
    window.history.replaceState(null, '', '/elsewhere');
    render(
      <StandaloneRemote basePath="/user">
        <ProbeApp />
      </StandaloneRemote>,
    );
    expect(screen.getByTestId('app')).toHaveTextContent('/user/');
    expect(window.location.pathname).toBe('/user/');
  });
});
