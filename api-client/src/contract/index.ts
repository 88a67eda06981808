export { ASSETS, DEPOSIT_METHODS, DOB_MAX, DOB_MIN, INVEST_METHODS, MAX_USD, METHOD_ASSET, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, PORTFOLIO_RANGES, UPLOAD_MAX_BYTES, WITHDRAW_METHODS, type PortfolioRange } from './constants';
export * from './rules';
export * from './common';
export * from './entities';
export * from './requests';
export * from './endpoints';
export * from './routes';
export * from './liabilities';
export * from './paging';
