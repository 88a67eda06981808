import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { theme } from './theme';

/**
 * This copy of the design system's theme around a remote's screens. A remote may run with a newer
 * shared-ui than the shell's (shared by version, mf-shared.cjs), whose components read tokens the
 * shell's theme object lacks; with the same version it is the same object and changes nothing.
 */
export function ThemeScope({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
