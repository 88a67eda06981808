// The browser entry: zod-free. Schemas are in '@halcyon/api-client/contract'.
export * from './contract/constants';
export * from './contract/endpoints';
export type * from './contract/entities';
export type { AuthResponse, BodyOf, ParamsOf, QueryOf, ResponseOf, RouteName } from './contract/routes';
export type {
  CreateDepositBody, CreateInvestmentBody, CreatePlanBody, CreateTraderBody, CreateWithdrawalBody, EarningsBody,
  ForgotPasswordBody, LoginBody, RegisterAdminBody, RegisterBody, ResetPasswordBody, UpdateProfileBody, WalletAddressBody,
} from './contract/requests';
export * from './http';
export * from './api';
export * from './session';
export * from './query';
