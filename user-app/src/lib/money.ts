/**
 * Parses an amount the investor typed into USD with at most 2 decimals (the API rejects more).
 * Returns null for anything that is not a plain non-negative number; callers check `> 0`.
 */
export function parseAmount(raw: string): number | null {
  const text = raw.trim().replace(/,/g, '');
  if (text === '' || text === '.' || !/^\d*\.?\d*$/.test(text)) return null;
  const value = Number(text);
  if (!Number.isFinite(value)) return null;
  return Math.round(value * 100) / 100;
}
