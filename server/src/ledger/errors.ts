import { conflict, notFound, unprocessable, type AppError } from '../errors';

/** The ledger's refusals, as the HTTP errors the central handler renders. */
export const insufficientBalance = (): AppError => unprocessable('Insufficient balance', 'INSUFFICIENT_BALANCE');

/** A compare-and-set on a status found the record in another state. */
export const illegalTransition = (message: string): AppError => conflict(message, 'ILLEGAL_TRANSITION');

export const recordNotFound = (what: string): AppError => notFound(`${what} not found`, 'NOT_FOUND');
