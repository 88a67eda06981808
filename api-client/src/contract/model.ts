// `@halcyon/api-client/model`: the contract without its zod schemas, what browser code imports
// (constants, the endpoint table, the rules both sides apply, the proof check, the types). The
// schemas are in '@halcyon/api-client/contract' (the server's and the test doubles').
export * from './constants';
export * from './endpoints';
export * from './rules/money';
export * from './rules/plans';
export * from './rules/traders';
export * from './rules/withdrawals';
export * from './rules/profile';
export * from './rules/phone';
export * from './rules/csv';
export * from './liabilities';
export * from './exports';
export type * from './entities';
export type { AuthResponse, BodyOf, ParamsOf, QueryOf, ResponseOf, RouteName } from './routes';
export type { PageInfo } from './paging';
export type {
  CreateDepositBody, CreateInvestmentBody, CreatePlanBody, CreateTraderBody, CreateWithdrawalBody, EarningsBody,
  ForgotPasswordBody, LoginBody, PasskeyAssertion, RegisterAdminBody, RegisterBody, ResetPasswordBody, UpdateProfileBody, WalletAddressBody,
} from './requests';
