import { z } from 'zod';

import { ASSETS, CHAINS, DEPOSIT_METHODS, PAYMENT_STATES, PAYOUT_STATES, INVEST_METHODS, MAX_USD, WITHDRAW_METHODS } from './constants';
import { MIN_USD, usdAmountProblem } from './rules/money';

/**
 * Adds the rule's reason as the issue when `problem` finds one: the zod schemas apply the zod-free
 * rules of ./rules rather than restating them.
 */
export const byRule = <T>(problem: (v: T) => string | null) => (v: T, ctx: z.RefinementCtx) => {
  const reason = problem(v);
  if (reason !== null) ctx.addIssue({ code: 'custom', message: reason });
};

/** A USD amount as the API speaks it: a JSON number, a whole number of cents from 0.01 to 1e12 (rules/money.ts). */
export const usdAmount = z
  .number({ error: 'must be a number' })
  .superRefine(byRule(usdAmountProblem))
  // For the OpenAPI document only: the rule above decides.
  .meta({ minimum: MIN_USD, maximum: MAX_USD, multipleOf: 0.01 });

/** A USD figure in a response (balances can be 0). */
export const usdFigure = z.number();

export const id = z
  .string()
  .min(1, { error: 'is required' })
  .max(100, { error: 'is too long' })
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  .regex(/^[^\u0000-\u001f]*$/, { error: 'must not contain control characters' });
export const isoDateTime = z.string();

/** Every error response: HTTP status plus this body (deviations.md). */
export const ErrorBody = z.object({ message: z.string(), code: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** `{ data: T }`, the envelope of every response that returns a record or a list. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
export const dataWithMessage = <T extends z.ZodType>(schema: T) =>
  z.object({ data: schema, message: z.string().optional() });

export const Asset = z.enum(ASSETS);
export type Asset = z.infer<typeof Asset>;

export const DepositMethod = z.enum(DEPOSIT_METHODS, { error: `must be one of ${DEPOSIT_METHODS.join(', ')}` });
export type DepositMethod = z.infer<typeof DepositMethod>;

export const Chain = z.enum(CHAINS, { error: `must be one of ${CHAINS.join(', ')}` });
export type Chain = z.infer<typeof Chain>;

export const PaymentState = z.enum(PAYMENT_STATES);
export type PaymentState = z.infer<typeof PaymentState>;
export const PayoutState = z.enum(PAYOUT_STATES);
export type PayoutState = z.infer<typeof PayoutState>;

export const WithdrawMethod = z.enum(WITHDRAW_METHODS, { error: `must be one of ${WITHDRAW_METHODS.join(', ')}` });
export type WithdrawMethod = z.infer<typeof WithdrawMethod>;

export const InvestMethod = z.enum(INVEST_METHODS, { error: `must be one of ${INVEST_METHODS.join(', ')}` });
export type InvestMethod = z.infer<typeof InvestMethod>;

export const Role = z.enum(['user', 'admin']);
export type Role = z.infer<typeof Role>;

export const UserRef = z.object({ name: z.string(), email: z.string() });
export type UserRef = z.infer<typeof UserRef>;
