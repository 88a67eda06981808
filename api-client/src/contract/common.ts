import { z } from 'zod';

import { ASSETS, DEPOSIT_METHODS, INVEST_METHODS, MAX_USD, WITHDRAW_METHODS, hasAtMostTwoDecimals } from './constants';

/** A positive USD amount as the API speaks it: a JSON number, > 0, ≤ 1e12, at most 2 decimals. */
export const usdAmount = z
  .number({ error: 'must be a number' })
  .finite({ error: 'must be a finite number' })
  .positive({ error: 'must be greater than 0' })
  .max(MAX_USD, { error: `must be at most ${MAX_USD}` })
  .refine(hasAtMostTwoDecimals, { error: 'must have at most 2 decimals' });

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

export const WithdrawMethod = z.enum(WITHDRAW_METHODS, { error: `must be one of ${WITHDRAW_METHODS.join(', ')}` });
export type WithdrawMethod = z.infer<typeof WithdrawMethod>;

export const InvestMethod = z.enum(INVEST_METHODS, { error: `must be one of ${INVEST_METHODS.join(', ')}` });
export type InvestMethod = z.infer<typeof InvestMethod>;

export const Role = z.enum(['user', 'admin']);
export type Role = z.infer<typeof Role>;

export const UserRef = z.object({ name: z.string(), email: z.string() });
export type UserRef = z.infer<typeof UserRef>;
