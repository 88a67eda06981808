/**
 * A trader's win rate (spec 5): wins / (wins + losses) as a rounded integer percent; 0 when both are
 * 0, and 0 for figures that are not counts yet (a half-typed form field).
 */
export function winRate(wins: number, losses: number): number {
  if (!Number.isFinite(wins) || !Number.isFinite(losses) || wins < 0 || losses < 0) return 0;
  const total = wins + losses;
  return total === 0 ? 0 : Math.round((wins / total) * 100);
}

export const MAX_TRADE_COUNT = 1_000_000;

/** Why `n` is not a trader's count of wins or losses (the reason after the field's name), or null: a whole number from 0 to MAX_TRADE_COUNT. */
export function tradeCountProblem(n: number): string | null {
  if (!Number.isFinite(n)) return 'must be a number';
  if (!Number.isInteger(n)) return 'must be a whole number';
  if (n < 0) return 'must be 0 or more';
  if (n > MAX_TRADE_COUNT) return 'is too large';
  return null;
}
