// The browser entry: zod-free. Schemas are in '@halcyon/api-client/contract'.
export * from './contract/constants';
export * from './contract/endpoints';
// Rules both sides apply (zod-free). The phone rule is left out: shared-ui's phone field applies it.
export * from './contract/rules/money';
export * from './contract/rules/plans';
export * from './contract/rules/traders';
export * from './contract/rules/withdrawals';
export * from './contract/rules/profile';
export * from './contract/rules/csv';
export * from './contract/liabilities';
export type * from './contract/entities';
export type { AuthResponse, BodyOf, ParamsOf, QueryOf, ResponseOf, RouteName } from './contract/routes';
export type { PageInfo } from './contract/paging';
export type {
  CreateDepositBody, CreateInvestmentBody, CreatePlanBody, CreateTraderBody, CreateWithdrawalBody, EarningsBody,
  ForgotPasswordBody, LoginBody, PasskeyAssertion, RegisterAdminBody, RegisterBody, ResetPasswordBody, UpdateProfileBody, WalletAddressBody,
} from './contract/requests';
export * from './http';
export * from './contract/exports';
export * from './api';
export * from './session';
export * from './logout';
export * from './passkeys';
export * from './query';
