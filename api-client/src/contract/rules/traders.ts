/**
 * A trader's win rate (spec 5): wins / (wins + losses) as a rounded integer percent; 0 when both are
 * 0, and 0 for figures that are not counts yet (a half-typed form field).
 */
export function winRate(wins: number, losses: number): number {
  if (!Number.isFinite(wins) || !Number.isFinite(losses) || wins < 0 || losses < 0) return 0;
  const total = wins + losses;
  return total === 0 ? 0 : Math.round((wins / total) * 100);
}
