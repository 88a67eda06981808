import { z } from 'zod';
import { DepositMethod, InvestMethod, WithdrawMethod, byRule, id, usdAmount } from './common';
import { PORTFOLIO_RANGES } from './constants';
import { hasAtMostTwoDecimals } from './rules/money';
import { passwordProblem } from './rules/password';
import { isPhoneNumber } from './rules/phone';
import { dobProblem, plainLineProblem } from './rules/profile';
import { MAX_TRADE_COUNT, tradeCountProblem } from './rules/traders';
import { withdrawalBodyAddressProblem } from './rules/withdrawals';

const text = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    // PostgreSQL cannot store NUL in text; other control characters have no place in these fields.
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f]*$/, { error: 'must not contain control characters' });
const required = (max: number) => text(max).min(1, { error: 'is required' });
/** One line of plain text, no link (rules/profile.ts): what opens our mails, a name or the anti-phishing phrase. */
const plainLine = (max: number) => text(max).superRefine(byRule(plainLineProblem));
const personName = required(120).superRefine(byRule(plainLineProblem));
const email = z.string({ error: 'is required' }).trim().toLowerCase().pipe(z.email({ error: 'must be a valid email address' }));
/**
 * A password being set (register, register-admin, reset, ADMIN_PASSWORD): at least 8 characters
 * and not guessable (rules/password.ts; issue 15 item 9: 'password' and 'aaaaaaaa' are refused).
 */
export const newPassword = z
  .string({ error: 'is required' })
  .min(8, { error: 'must be at least 8 characters' })
  .max(200, { error: 'must be at most 200 characters' })
  .superRefine(byRule(passwordProblem));
const password = z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(200, { error: 'must be at most 200 characters' });
/** International phone number, e.g. +14155550123 (rules/phone.ts, the rule the phone field applies too). */
export const phone = z.string({ error: 'is required' }).trim().refine(isPhoneNumber, { error: 'must be an international number such as +14155550123' });
/** Date of birth, a real date YYYY-MM-DD within the spec's range (rules/profile.ts). */
export const dob = z.string().superRefine(byRule(dobProblem));
const address = text(200);

/** A two-factor code (6 digits) or a recovery code (docs/security.md "Two-factor"); ours, optional. */
const secondFactor = z.string().max(20, { error: 'must be at most 20 characters' }).optional();

/**
 * A passkey's answer to a challenge (docs/security.md "Passkeys"): the challenge's id and the
 * authenticator's response as @simplewebauthn/browser returns it (checked by the server's verifier).
 * Accepted wherever a two-factor code is, and for security changes in place of the password.
 */
export const PasskeyAssertion = z.object({
  challengeId: z.string().min(1, { error: 'is required' }).max(100),
  response: z.record(z.string(), z.unknown(), { error: 'must be the authenticator\'s response' }),
});
export type PasskeyAssertion = z.infer<typeof PasskeyAssertion>;
const passkey = PasskeyAssertion.optional();

export const LoginBody = z.object({ email, password, remember: z.boolean().optional(), code: secondFactor, passkey });
export type LoginBody = z.infer<typeof LoginBody>;

export const RegisterBody = z.object({
  name: personName,
  username: required(40).regex(/^[A-Za-z0-9_.-]+$/, { error: 'may contain only letters, digits, _ . and -' }),
  phone,
  email,
  password: newPassword,
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const ForgotPasswordBody = z.object({ email });
/** An offline payout's signed transaction: a PSBT in base64, or a raw EIP-1559 transaction in 0x hex. */
export const SignedPayoutBody = z.object({ signed: z.string().trim().min(1, { error: 'is required: the signed transaction' }).max(200_000, { error: 'is too long for a payout transaction' }) });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

/**
 * Spec body is `{ email }` (send reset instructions). With `token` and `password` from the
 * emailed link it performs the reset.
 */
export const ResetPasswordBody = z.object({ email, token: z.string().min(1).max(200).optional(), password: newPassword.optional(), code: secondFactor, passkey });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const RegisterAdminBody = z.object({ email, password: newPassword, name: plainLine(120).optional(), inviteCode: text(100).optional() });
export type RegisterAdminBody = z.infer<typeof RegisterAdminBody>;

/** Profile screen sends profilePic, dob, phoneNumber; settings screen the bank and wallet fields. */
export const UpdateProfileBody = z
  .object({
    name: personName,
    profilePic: text(500).nullable(),
    dob: dob.nullable(),
    phoneNumber: phone.or(z.literal('')),
    state: text(100),
    city: text(100),
    bankName: text(100),
    accountNumber: text(34),
    routingNumber: text(34),
    bitcoin: address,
    ethereum: address,
    sol: address,
    usdt: address,
    /** Ours: shown at the top of every mail we send this user (docs/security.md "Alerts"). */
    antiPhishingPhrase: plainLine(60),
    /** With two-factor on, a payout change needs a code. */
    code: secondFactor,
    /** Ours: the account's password, needed when the anti-phishing phrase changes (a security change; `password` itself cannot be set here). */
    currentPassword: z.string().max(200, { error: 'must be at most 200 characters' }).optional(),
    /** Ours: a passkey assertion, in place of the code or the password. */
    passkey,
  })
  .partial()
  .strict();
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

/**
 * POST /account/2fa/setup: the account's password, typed again (a stolen session alone cannot
 * turn two-factor on with the thief's authenticator; docs/security.md "Two-factor").
 */
export const TwoFactorSetupBody = z.object({ password: password.optional(), passkey });
export type TwoFactorSetupBody = z.infer<typeof TwoFactorSetupBody>;

/** POST /account/2fa/enable and /disable: the password and a code of the authenticator (or, to disable, a recovery code). */
export const TwoFactorCodeBody = z.object({ password: password.optional(), passkey, code: z.string().max(20, { error: 'must be at most 20 characters' }).optional() });
export type TwoFactorCodeBody = z.infer<typeof TwoFactorCodeBody>;

/**
 * POST /account/password (ours; docs/security.md "Changing the password"): the current password,
 * the new one (the rule of every password being set), and with two-factor on a code or a passkey.
 */
export const ChangePasswordBody = z
  .object({ currentPassword: password, newPassword, code: secondFactor, passkey })
  .refine((b) => b.newPassword !== b.currentPassword, { error: 'must differ from your current password', path: ['newPassword'] });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** An admin's two-factor reset for a user who lost their authenticator: why, for the audit trail. */
export const TwoFactorResetBody = z.object({ reason: required(300) });
export type TwoFactorResetBody = z.infer<typeof TwoFactorResetBody>;

/** The token of the mailed link that confirms it. */
export const ConfirmTwoFactorResetBody = z.object({ token: z.string().min(20, { error: 'token: this link is incomplete' }).max(200) });
export type ConfirmTwoFactorResetBody = z.infer<typeof ConfirmTwoFactorResetBody>;

/** The token of an emailed "lock my account" link. */
export const LockAccountBody = z.object({ token: z.string().min(20, { error: 'token: this lock link is incomplete' }).max(200) });
export type LockAccountBody = z.infer<typeof LockAccountBody>;

export const CreateDepositBody = z.object({ method: DepositMethod, amount: usdAmount, from: id });
export type CreateDepositBody = z.infer<typeof CreateDepositBody>;

/**
 * `address` is our addition: the destination the investor typed (spec form field). Left out (the
 * spec's own body), a crypto withdrawal pays to the saved payout address (rules/withdrawals.ts).
 */
export const CreateWithdrawalBody = z
  .object({ method: WithdrawMethod, amount: usdAmount, to: id, address: address.optional(), code: secondFactor, passkey })
  .superRefine((b, ctx) => {
    const reason = withdrawalBodyAddressProblem(b.method, b.address);
    if (reason !== null) ctx.addIssue({ code: 'custom', message: reason, path: ['address'] });
  });
export type CreateWithdrawalBody = z.infer<typeof CreateWithdrawalBody>;

export const CreateInvestmentBody = z.object({ plan_id: id, amount: usdAmount, method: InvestMethod });
export type CreateInvestmentBody = z.infer<typeof CreateInvestmentBody>;

/** A trader's wins or losses (rules/traders.ts). */
const count = z
  .number({ error: 'must be a number' })
  .superRefine(byRule(tradeCountProblem))
  // For the OpenAPI document only: the rule above decides.
  .meta({ type: 'integer', minimum: 0, maximum: MAX_TRADE_COUNT });

export const CreatePlanBody = z
  .object({
    name: text(100).optional().nullable(),
    minAmount: usdAmount,
    maxAmount: usdAmount,
    returns: z.number({ error: 'must be a number' }).min(0, { error: 'must be 0 or more' }).max(1000, { error: 'must be at most 1000' }).refine(hasAtMostTwoDecimals, { error: 'must have at most 2 decimals' }),
    duration: z.number({ error: 'must be a number' }).int({ error: 'must be a whole number of days' }).min(1, { error: 'must be at least 1 day' }).max(3650, { error: 'must be at most 3650 days' }),
    uid: z.string().max(100).optional().nullable(),
  })
  .refine((p) => p.maxAmount >= p.minAmount, { error: 'must be at least minAmount', path: ['maxAmount'] });
export type CreatePlanBody = z.infer<typeof CreatePlanBody>;

export const EarningsBody = z.object({ amount: usdAmount, plan_id: id, investment_id: id, reason: text(300).optional(), passkey });
export type EarningsBody = z.infer<typeof EarningsBody>;

export const CreateTraderBody = z.object({
  name: required(100),
  imageUrl: required(500),
  wins: count,
  losses: count,
  /** Ignored: the server computes it from wins and losses. */
  winRate: z.number().optional(),
  profitShare: required(50),
});
export type CreateTraderBody = z.infer<typeof CreateTraderBody>;

/**
 * An extended public key as typed (its network, depth and checksum are the server's check, against
 * the configured chain). null removes it; left out, it stays as it is.
 */
const xpub = z
  .string({ error: 'must be text' })
  .trim()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{100,120}$/, { error: 'must be an extended public key (xpub, zpub, tpub or vpub)' })
  .nullish();

export const WalletAddressBody = z.object({ bitcoin: address, ethereum: address, sol: address, usdt: address, bitcoinXpub: xpub, evmXpub: xpub });
export type WalletAddressBody = z.infer<typeof WalletAddressBody>;

export const PortfolioHistoryQuery = z.object({ range: z.enum(PORTFOLIO_RANGES, { error: 'range must be one of 7d, 30d, 1y, all' }).default('30d') });
export type PortfolioHistoryQuery = z.infer<typeof PortfolioHistoryQuery>;


/**
 * The optional body of an admin money decision (approve, decline, process, end): the spec sends
 * none; with REQUIRE_ADMIN_PASSKEY it carries a passkey assertion bound to the decision.
 */
export const DecisionBody = z.object({ passkey }).nullish();
export type DecisionBody = z.infer<typeof DecisionBody>;

/** Security changes (adding or removing a passkey): the password or a passkey assertion. */
export const ConfirmIdentityBody = z.object({ password: password.optional(), passkey });
export type ConfirmIdentityBody = z.infer<typeof ConfirmIdentityBody>;

/** A new passkey: the authenticator's answer to the registration options, and a name the owner recognises. */
export const RegisterPasskeyBody = z.object({
  challengeId: z.string().min(1, { error: 'is required' }).max(100),
  name: required(60).superRefine(byRule(plainLineProblem)),
  response: z.record(z.string(), z.unknown(), { error: 'must be the authenticator\'s response' }),
});
export type RegisterPasskeyBody = z.infer<typeof RegisterPasskeyBody>;

/**
 * What a step-up assertion is for; the server binds the challenge to it and the action checks the
 * binding: a withdrawal's method, amount and destination, an admin decision's route and record.
 */
export const StepUpBody = z.discriminatedUnion('purpose', [
  z.object({ purpose: z.literal('security') }),
  z.object({ purpose: z.literal('withdrawal'), withdrawal: z.object({ method: WithdrawMethod, amount: usdAmount, address: address.optional() }) }),
  z.object({ purpose: z.literal('decision'), decision: z.object({ route: z.string().min(1).max(60), id: z.string().min(1).max(100) }) }),
]);
export type StepUpBody = z.infer<typeof StepUpBody>;

/** Signing in with a passkey, or confirming a password reset with one (then the reset's email and token). */
export const SignInChallengeBody = z.object({ purpose: z.enum(['login', 'reset']).default('login'), email: email.optional(), token: z.string().max(200).optional() });
export type SignInChallengeBody = z.infer<typeof SignInChallengeBody>;

export const PasskeyLoginBody = z.object({ passkey: PasskeyAssertion, remember: z.boolean().optional() });
export type PasskeyLoginBody = z.infer<typeof PasskeyLoginBody>;
