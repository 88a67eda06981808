import { z } from 'zod';
import { ASSETS, DEPOSIT_METHODS, INVEST_METHODS, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, WITHDRAW_METHODS } from './constants';
import { id } from './common';
import { DepositStatus, InvestmentStatus, TransactionType, WithdrawalStatus } from './entities';

// Every list is read a page at a time (docs/api.md "Lists"): `limit`, an opaque keyset `cursor`
// from the previous answer's `page.nextCursor`, a `sort` from the list's small set, filters and
// `q`. With no parameters a list answers its first page, newest first, as the spec's paths did.

const limit = z.coerce
  .number({ error: `must be a whole number from 1 to ${PAGE_LIMIT_MAX}` })
  .int({ error: `must be a whole number from 1 to ${PAGE_LIMIT_MAX}` })
  .min(1, { error: `must be a whole number from 1 to ${PAGE_LIMIT_MAX}` })
  .max(PAGE_LIMIT_MAX, { error: `must be a whole number from 1 to ${PAGE_LIMIT_MAX}` })
  .default(PAGE_LIMIT_DEFAULT);

/** Opaque to clients: the server signs it, so a changed cursor is a 400, never another position. */
const cursor = z.string().max(600, { error: 'is invalid' }).regex(/^[\w-]+\.[\w-]+$/, { error: 'is invalid' }).optional();

/** Search text; blank means no search. */
const q = z
  .string()
  .max(100, { error: 'must be at most 100 characters' })
  .transform((s) => s.trim())
  .transform((s) => (s === '' ? undefined : s))
  .optional();

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A UTC day, inclusive at both ends of a range. */
const day = z
  .string()
  .regex(DAY, { error: 'must be a date YYYY-MM-DD' })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), { error: 'must be a date YYYY-MM-DD' })
  .optional();

/** One value or several, comma-separated (`status=pending,processing`). */
const oneOrMore = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .transform((s, ctx) => {
      const parts = s.split(',').map((v) => v.trim());
      if (parts.every((v): v is T[number] => values.includes(v))) return parts;
      ctx.addIssue({ code: 'custom', message: `must be one of ${values.join(', ')}` });
      return z.NEVER;
    })
    .optional();

const one = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: `must be one of ${values.join(', ')}` }).optional();

const sortOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: `must be one of ${values.join(', ')}` }).default(values[0]);

const rangeInOrder = (v: object): boolean => {
  const { from, to } = v as { from?: string; to?: string };
  return !from || !to || from <= to;
};

/** The parameters every list takes; `to` may not be before `from`. */
function listQuery<S extends z.ZodRawShape>(shape: S) {
  return z
    .object({ limit, cursor, from: day, to: day, ...shape })
    .refine(rangeInOrder, { error: 'must not be before from', path: ['to'] });
}

const statuses = <T extends z.ZodEnum>(e: T) => e.options as unknown as readonly [string, ...string[]];

export const UsersQuery = listQuery({ q, sort: sortOf(['newest', 'oldest', 'name'] as const) });
export const DepositsQuery = listQuery({
  q, uid: id.optional(), status: oneOrMore(statuses(DepositStatus)), method: oneOrMore(DEPOSIT_METHODS), sort: sortOf(['newest', 'oldest', 'amount'] as const),
});
export const WithdrawalsQuery = listQuery({
  q, uid: id.optional(), status: oneOrMore(statuses(WithdrawalStatus)), method: oneOrMore(WITHDRAW_METHODS), sort: sortOf(['newest', 'oldest', 'amount'] as const),
});
/** `earnings` orders by net earnings, highest first (Top Earnings). */
export const InvestmentsQuery = listQuery({
  q, uid: id.optional(), status: oneOrMore(statuses(InvestmentStatus)), method: oneOrMore(INVEST_METHODS), sort: sortOf(['newest', 'oldest', 'amount', 'earnings'] as const),
});
export const EarningsQuery = listQuery({ q, uid: id.optional(), kind: oneOrMore(['credit', 'deduct', 'maturity'] as const), sort: sortOf(['newest', 'oldest'] as const) });
/**
 * `origin`: `request` rows are deposits, withdrawals and investments; `ledger` rows are movements
 * (principal returned, earnings). `open=true`: only requests still in progress (the server's
 * services/transactions.ts says which), so that a screen asks once rather than once per status.
 */
const transactionFilters = {
  q, type: oneOrMore(statuses(TransactionType)), origin: one(['request', 'ledger'] as const), status: z.string().max(40).optional(), method: z.string().max(40).optional(), sort: sortOf(['newest', 'oldest'] as const),
  open: z.literal('true', { error: 'must be true' }).transform(() => true).optional(),
};
export const AllTransactionsQuery = listQuery({ ...transactionFilters, uid: id.optional() });
export const PlansQuery = listQuery({ q, sort: sortOf(['newest', 'oldest'] as const) });
export const TradersQuery = listQuery({ q, sort: sortOf(['newest', 'oldest', 'name'] as const) });
export const InvitesQuery = listQuery({ q, sort: sortOf(['newest', 'oldest'] as const) });
/** The investor's own lists: no `uid` (only ever the caller's records). */
export const MyTransactionsQuery = listQuery(transactionFilters);
export const MyInvestmentsQuery = listQuery({ q, status: oneOrMore(statuses(InvestmentStatus)), method: oneOrMore(INVEST_METHODS), sort: sortOf(['newest', 'oldest', 'amount'] as const) });
/** `asset` includes usd: the earnings account's asset. */
export const LedgerQuery = listQuery({ asset: oneOrMore([...ASSETS, 'usd'] as const), kind: z.string().max(60).regex(/^[a-z_,]+$/, { error: 'must be transfer kinds' }).optional(), sort: sortOf(['newest'] as const) });

export type UsersQuery = z.input<typeof UsersQuery>;
export type DepositsQuery = z.input<typeof DepositsQuery>;
export type WithdrawalsQuery = z.input<typeof WithdrawalsQuery>;
export type InvestmentsQuery = z.input<typeof InvestmentsQuery>;
export type EarningsQuery = z.input<typeof EarningsQuery>;
export type AllTransactionsQuery = z.input<typeof AllTransactionsQuery>;
export type MyTransactionsQuery = z.input<typeof MyTransactionsQuery>;
export type LedgerQuery = z.input<typeof LedgerQuery>;

export const PageInfo = z.object({
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type PageInfo = z.infer<typeof PageInfo>;

/** `{ data: T[], page }`: the spec's list envelope plus where the next page starts. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), page: PageInfo });
