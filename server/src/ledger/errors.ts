import { centsToUsd } from './money';
import { conflict, notFound, unprocessable, type AppError } from '../errors';

/** The ledger's refusals, as the HTTP errors the central handler renders. */
export const insufficientBalance = (): AppError => unprocessable('Insufficient balance', 'INSUFFICIENT_BALANCE');

/** The platform's gross inflow would pass its ceiling (docs/ledger.md "Ceiling"). */
export const inflowCeilingReached = (ceilingCents: number): AppError =>
  unprocessable(
    `Limit exceeded: this would take the money that entered the platform past ${centsToUsd(ceilingCents).toFixed(2)} USD, the most its totals can show exactly`,
    'LIMIT_EXCEEDED',
  );

/** A compare-and-set on a status found the record in another state. */
export const illegalTransition = (message: string): AppError => conflict(message, 'ILLEGAL_TRANSITION');

export const recordNotFound = (what: string): AppError => notFound(`${what} not found`, 'NOT_FOUND');

/** The record already has its transfer of this kind (migration 007's unique index). */
export const alreadyRecorded = (): AppError => conflict('This money movement is already recorded', 'ALREADY_RECORDED');
