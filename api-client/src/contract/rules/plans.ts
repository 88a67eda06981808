/** The part of a plan its amount rule reads. */
export interface PlanRange {
  minAmount: number;
  maxAmount: number;
}

/**
 * 'Amount must be between {min} and {max}.' (spec 5) when `amount` is outside the plan's range,
 * both ends included; null inside it. Figures are plain numbers as the API sends them (100, 99.5).
 */
export function planRangeProblem(plan: PlanRange, amount: number): string | null {
  return amount >= plan.minAmount && amount <= plan.maxAmount ? null : `Amount must be between ${plan.minAmount} and ${plan.maxAmount}.`;
}
