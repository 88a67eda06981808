import { z } from 'zod';
import { endpoints, type EndpointDef, type EndpointName } from './endpoints';
import { DepositMethod, MessageResponse, dataOf, dataWithMessage, id } from './common';
import {
  AdminInvite, AdminRecord, ChainStatus, AdminUserRow, Deposit, EarningEntry, Health, Investment, JobsOverview, LedgerEntry, LiabilityAudit, LiabilityProof, LiabilitySnapshot, Passkey, PasskeyChallenge, PortfolioHistory, Session, SignIn, TwoFactorSetup, TwoFactorStatus, LedgerVerification, Plan,
  PayoutsOverview, Solvency, Trader, Transaction, UnsignedPayout, UserProfile, WalletAddress, Withdrawal,
} from './entities';
import {
  CreateDepositBody, CreateInvestmentBody, CreatePlanBody, CreateTraderBody, CreateWithdrawalBody, EarningsBody,
  ChangePasswordBody, ConfirmIdentityBody, DecisionBody, PasskeyLoginBody, RegisterPasskeyBody, SignInChallengeBody, StepUpBody,
  ForgotPasswordBody, LockAccountBody, PortfolioHistoryQuery, TwoFactorCodeBody, TwoFactorSetupBody, TwoFactorResetBody, ConfirmTwoFactorResetBody, LoginBody, RegisterAdminBody, RegisterBody, ResetPasswordBody,
  SignedPayoutBody, UpdateProfileBody, WalletAddressBody,
} from './requests';
import {
  AllTransactionsQuery, DepositsQuery, EarningsQuery, InvestmentsQuery, InvitesQuery, LedgerQuery, MyInvestmentsQuery, MyTransactionsQuery, PlansQuery, TradersQuery, UsersQuery, WithdrawalsQuery, pageOf,
} from './paging';

export interface RouteSchemas {
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
}

export type RouteDef = EndpointDef & RouteSchemas;

const idParam = z.object({ id });
const uidParam = z.object({ uid: id });

export const AuthResponse = z.object({ data: z.union([UserProfile, AdminRecord]), token: z.string(), message: z.string().optional() });
export type AuthResponse = z.infer<typeof AuthResponse>;

/** The schemas of each endpoint; `satisfies` keeps the two tables in step. */
const schemas = {
  health: { response: Health },
  login: { body: LoginBody, response: AuthResponse },
  logout: { response: MessageResponse },
  register: { body: RegisterBody, response: dataWithMessage(UserProfile) },
  forgotPassword: { body: ForgotPasswordBody, response: MessageResponse },
  resetPassword: { body: ResetPasswordBody, response: MessageResponse },
  lockAccount: { body: LockAccountBody, response: MessageResponse },
  registerAdmin: { body: RegisterAdminBody, response: dataWithMessage(AdminRecord) },
  getProfile: { response: dataOf(UserProfile) },
  updateProfile: { body: UpdateProfileBody, response: dataWithMessage(UserProfile) },
  getLedger: { query: LedgerQuery, response: pageOf(LedgerEntry) },
  uploadImage: { response: z.object({ mediaUrl: z.string() }) },
  getWalletAddresses: { response: dataOf(z.array(WalletAddress)) },
  createDeposit: { body: CreateDepositBody, response: dataWithMessage(Deposit) },
  getDeposit: { params: idParam, response: dataOf(Deposit) },
  getTransactions: { query: MyTransactionsQuery, response: pageOf(Transaction) },
  createWithdrawal: { body: CreateWithdrawalBody, response: dataWithMessage(Withdrawal) },
  getPlans: { query: PlansQuery, response: pageOf(Plan) },
  createInvestment: { body: CreateInvestmentBody, response: dataWithMessage(Investment) },
  listPasskeys: { response: dataOf(z.array(Passkey)) },
  passkeyRegistrationOptions: { body: ConfirmIdentityBody, response: dataOf(PasskeyChallenge) },
  registerPasskey: { body: RegisterPasskeyBody, response: dataWithMessage(Passkey) },
  removePasskey: { params: idParam, body: ConfirmIdentityBody, response: MessageResponse },
  stepUpChallenge: { body: StepUpBody, response: dataOf(PasskeyChallenge) },
  signInChallenge: { body: SignInChallengeBody, response: dataOf(PasskeyChallenge) },
  passkeyLogin: { body: PasskeyLoginBody, response: AuthResponse },
  getTwoFactor: { response: dataOf(TwoFactorStatus) },
  startTwoFactor: { body: TwoFactorSetupBody, response: dataOf(TwoFactorSetup) },
  enableTwoFactor: { body: TwoFactorCodeBody, response: dataWithMessage(z.object({ recoveryCodes: z.array(z.string()) })) },
  disableTwoFactor: { body: TwoFactorCodeBody, response: MessageResponse },
  changePassword: { body: ChangePasswordBody, response: dataWithMessage(z.object({ endedSessions: z.number().int() })) },
  listSessions: { response: dataOf(z.array(Session)) },
  endSession: { params: z.object({ id: z.string().regex(/^[\w-]{8,64}$/, { error: 'id must be a session id' }) }), response: MessageResponse },
  endOtherSessions: { response: dataWithMessage(z.object({ ended: z.number().int() })) },
  listSignIns: { response: dataOf(z.array(SignIn)) },
  getPortfolioHistory: { query: PortfolioHistoryQuery, response: dataOf(PortfolioHistory) },
  getInvestments: { query: MyInvestmentsQuery, response: pageOf(Investment) },
  getTraders: { query: TradersQuery, response: pageOf(Trader) },
  toggleCopy: { params: idParam, response: dataWithMessage(z.object({ copying: z.boolean(), copyTraders: z.array(z.string()) })) },
  listUsers: { query: UsersQuery, response: pageOf(AdminUserRow) },
  deleteUser: { params: uidParam, response: MessageResponse },
  sendUserPasswordReset: { params: uidParam, response: MessageResponse },
  requestTwoFactorReset: { params: uidParam, body: TwoFactorResetBody, response: MessageResponse },
  confirmTwoFactorReset: { body: ConfirmTwoFactorResetBody, response: MessageResponse },
  allTransactions: { query: AllTransactionsQuery, response: pageOf(Transaction) },
  chainStatus: { response: dataOf(ChainStatus) },
  payoutsOverview: { response: dataOf(PayoutsOverview) },
  unsignedPayout: { params: idParam, response: dataOf(UnsignedPayout) },
  uploadSignedPayout: { params: idParam, body: SignedPayoutBody, response: MessageResponse },
  solvency: { response: dataOf(Solvency) },
  listJobs: { response: dataOf(JobsOverview) },
  retryJob: { params: z.object({ queue: z.string().regex(/^[a-z-]{1,40}$/, { error: 'queue must be a queue name' }), id: z.uuid({ error: 'id must be a job id' }) }), response: MessageResponse },
  publishLiabilities: { response: dataWithMessage(LiabilitySnapshot) },
  latestLiabilities: { response: dataOf(LiabilitySnapshot.nullable()) },
  getLiabilityProof: { response: dataOf(LiabilityProof) },
  auditLiabilities: { response: dataOf(LiabilityAudit.nullable()) },
  verifyLedger: { response: dataOf(LedgerVerification) },
  createPlan: { body: CreatePlanBody, response: dataWithMessage(Plan) },
  deletePlan: { params: idParam, response: MessageResponse },
  listDeposits: { query: DepositsQuery, response: pageOf(Deposit) },
  approveDeposit: { params: z.object({ id, method: DepositMethod }), body: DecisionBody, response: dataWithMessage(Deposit) },
  declineDeposit: { params: idParam, body: DecisionBody, response: dataWithMessage(Deposit) },
  listWithdrawals: { query: WithdrawalsQuery, response: pageOf(Withdrawal) },
  approveWithdrawal: { params: idParam, body: DecisionBody, response: dataWithMessage(Withdrawal) },
  declineWithdrawal: { params: idParam, body: DecisionBody, response: dataWithMessage(Withdrawal) },
  processWithdrawal: { params: idParam, body: DecisionBody, response: dataWithMessage(Withdrawal) },
  listInvestments: { query: InvestmentsQuery, response: pageOf(Investment) },
  endInvestment: { params: idParam, body: DecisionBody, response: dataWithMessage(Investment) },
  processInvestment: { params: idParam, body: DecisionBody, response: dataWithMessage(Investment) },
  approveInvestment: { params: idParam, body: DecisionBody, response: dataWithMessage(Investment) },
  creditEarnings: { params: uidParam, body: EarningsBody, response: dataWithMessage(EarningEntry) },
  deductEarnings: { params: uidParam, body: EarningsBody, response: dataWithMessage(EarningEntry) },
  listEarnings: { query: EarningsQuery, response: pageOf(EarningEntry) },
  createTrader: { body: CreateTraderBody, response: dataWithMessage(Trader) },
  deleteTrader: { params: idParam, response: MessageResponse },
  createWalletAddress: { body: WalletAddressBody, response: dataWithMessage(WalletAddress) },
  updateWalletAddress: { params: idParam, body: WalletAddressBody, response: dataWithMessage(WalletAddress) },
  createInvite: { response: dataWithMessage(AdminInvite) },
  listInvites: { query: InvitesQuery, response: pageOf(AdminInvite) },
} as const satisfies Record<EndpointName, RouteSchemas>;

type Merge<N extends EndpointName> = (typeof endpoints)[N] & (typeof schemas)[N];
export const routes = Object.fromEntries(
  (Object.keys(endpoints) as EndpointName[]).map((n) => [n, { ...endpoints[n], ...schemas[n] }]),
) as { [N in EndpointName]: Merge<N> };

export type Routes = typeof routes;
export type RouteName = EndpointName;
export type ResponseOf<N extends RouteName> = z.infer<Routes[N]['response']>;
export type BodyOf<N extends RouteName> = Routes[N] extends { body: infer B extends z.ZodType } ? z.input<B> : never;
export type ParamsOf<N extends RouteName> = Routes[N] extends { params: infer P extends z.ZodType } ? z.input<P> : never;
export type QueryOf<N extends RouteName> = Routes[N] extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
/** A query as the server has it after validation: defaults filled in, lists split. */
export type ParsedQueryOf<N extends RouteName> = Routes[N] extends { query: infer Q extends z.ZodType } ? z.output<Q> : never;
