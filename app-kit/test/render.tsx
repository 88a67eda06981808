import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { theme } from '@halcyon/shared-ui';

/** Render inside the theme and a router, as the shell does. */
export function renderUi(ui: ReactElement, options: RenderOptions & { route?: string } = {}) {
  const { route = '/', ...rest } = options;
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[route]}>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </MemoryRouter>
  );
  return render(ui, { wrapper: Wrapper, ...rest });
}
