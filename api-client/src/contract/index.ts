export { ASSETS, DEPOSIT_METHODS, DOB_MAX, DOB_MIN, INVEST_METHODS, MAX_USD, METHOD_ASSET, UPLOAD_MAX_BYTES, WITHDRAW_METHODS } from './constants';
export * from './rules';
export * from './common';
export * from './entities';
export * from './requests';
export * from './endpoints';
export * from './routes';
export * from './liabilities';
