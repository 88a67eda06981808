// The one theme. Colour pairs are chosen for WCAG AA (text ≥ 4.5:1); theme.test.ts checks them.
export const theme = {
  colors: {
    background: '#0b1437', // dark blue page
    surface: '#111c44',
    surfaceAlt: '#1b2a5e',
    primary: '#d6246e', // pink; white text on it is 6.5:1
    primaryHover: '#b81d5d',
    primaryText: '#ffffff',
    secondary: '#ffffff',
    secondaryHover: '#e3e8f7',
    secondaryText: '#0b1437',
    text: '#f5f7ff',
    textMuted: '#b4bddb',
    border: '#5a6aa6',
    inputBackground: '#0e1940',
    success: '#3ddc97',
    danger: '#ff7b7b',
    warning: '#ffd166',
    info: '#6cc7ff',
    orange: '#ffa94d',
    onStatus: '#0b1437', // text on success/danger/warning/info/orange fills
    focus: '#ffe066',
    overlay: 'rgba(3, 8, 28, 0.72)',
  },
  radius: '10px',
  radiusSmall: '6px',
  /** Spacing scale in 4 px steps: space(4) === '16px'. */
  space: (n: number): string => `${n * 4}px`,
  /** min-width breakpoints, mobile first: `@media (min-width: ${theme.breakpoints.tablet})`. */
  breakpoints: { phone: '360px', tablet: '768px', desktop: '1024px' },
  font: {
    family:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
    size: { small: '0.875rem', normal: '1rem', large: '1.25rem', title: '1.5rem' },
  },
  controlHeight: { normal: '47px', small: '36px' },
  shadow: '0 8px 24px rgba(0, 0, 0, 0.35)',
  zIndex: { dropdown: 100, modal: 1000, toast: 2000 },
} as const;

export type Theme = typeof theme;

declare module 'styled-components' {
  // Typed `props.theme` for every styled component in every package that imports shared-ui.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}
