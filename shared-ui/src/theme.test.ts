import { theme } from './theme';

// WCAG relative luminance and contrast ratio.
function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const c = theme.colors;

describe('theme contrast (WCAG AA)', () => {
  it.each([
    ['text on background', c.text, c.background],
    ['text on surface', c.text, c.surface],
    ['text on surfaceAlt', c.text, c.surfaceAlt],
    ['muted text on background', c.textMuted, c.background],
    ['muted text on surface', c.textMuted, c.surface],
    ['muted text on surfaceAlt', c.textMuted, c.surfaceAlt],
    ['muted text on input', c.textMuted, c.inputBackground],
    ['primary button', c.primaryText, c.primary],
    ['primary button hover', c.primaryText, c.primaryHover],
    ['secondary button', c.secondaryText, c.secondary],
    ['secondary button hover', c.secondaryText, c.secondaryHover],
    ['danger text on surface', c.danger, c.surface],
    ['danger text on background', c.danger, c.background],
    ['link on background', c.info, c.background],
    ['success badge', c.onStatus, c.success],
    ['danger badge', c.onStatus, c.danger],
    ['warning badge', c.onStatus, c.warning],
    ['info badge', c.onStatus, c.info],
    ['neutral badge', c.onStatus, c.textMuted],
    ['green text on surface', c.success, c.surface],
    ['orange text on surface', c.orange, c.surface],
  ])('%s ≥ 4.5:1', (_name, fg, bg) => {
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('focus ring and input border are visible (≥ 3:1)', () => {
    expect(contrast(c.focus, c.background)).toBeGreaterThanOrEqual(3);
    expect(contrast(c.focus, c.surface)).toBeGreaterThanOrEqual(3);
    expect(contrast(c.border, c.inputBackground)).toBeGreaterThanOrEqual(3);
  });

  it('spaces in 4 px steps', () => {
    expect(theme.space(4)).toBe('16px');
  });
});
