import { MAX_USD } from '../constants';
import { dobProblem } from './profile';
import { hasAtMostTwoDecimals, isUsdAmount, parsePlainNumber, parseUsdAmount, usdAmountProblem } from './money';
import { isPhoneNumber, splitPhoneNumber } from './phone';
import { planRangeProblem } from './plans';
import { tradeCountProblem, winRate } from './traders';
import { withdrawalAddressProblem } from './withdrawals';

describe('money amounts', () => {
  it('takes whole numbers of cents from 1 cent to MAX_USD, float noise included', () => {
    for (const v of [0.01, 0.29, 1.1, 10, 250.5, 1e2, 999999999999.99, MAX_USD]) expect(usdAmountProblem(v)).toBeNull();
    // Every cent value written as text parses to a double the rule accepts.
    for (let cents = 1; cents < 100_000; cents += 7) expect(isUsdAmount(Number(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`))).toBe(true);
  });

  it('refuses sub-cent amounts as sent, exponent notation included, instead of rounding them', () => {
    expect(usdAmountProblem(1e-9)).toBe('must have at most 2 decimals');
    expect(usdAmountProblem(0.001)).toBe('must have at most 2 decimals');
    expect(usdAmountProblem(10.001)).toBe('must have at most 2 decimals');
    expect(usdAmountProblem(0.010000001)).toBe('must have at most 2 decimals');
    expect(usdAmountProblem(1.005)).toBe('must have at most 2 decimals');
  });

  it('names the reason for zero, negatives, too much and non-finite numbers', () => {
    expect(usdAmountProblem(0)).toBe('must be greater than 0');
    expect(usdAmountProblem(-0)).toBe('must be greater than 0');
    expect(usdAmountProblem(-5)).toBe('must be greater than 0');
    expect(usdAmountProblem(MAX_USD + 0.01)).toBe('must be at most 1000000000000');
    expect(usdAmountProblem(Number.NaN)).toBe('must be a finite number');
    expect(usdAmountProblem(Number.POSITIVE_INFINITY)).toBe('must be a finite number');
  });

  it('hasAtMostTwoDecimals is exact: 12.5 and 0.29 yes, 12.345 no', () => {
    expect([12.5, 0.29, 0, -0.5, 1000].every(hasAtMostTwoDecimals)).toBe(true);
    expect([12.345, 1e-9, Number.NaN].some(hasAtMostTwoDecimals)).toBe(false);
  });

  it('parses typed text into an amount the rule takes, or null', () => {
    expect(parseUsdAmount('250')).toBe(250);
    expect(parseUsdAmount(' 1,234.5 ')).toBe(1234.5);
    expect(parseUsdAmount('.5')).toBe(0.5);
    expect(parseUsdAmount('7.')).toBe(7);
    expect(parseUsdAmount('0.29')).toBe(0.29);
    for (const raw of ['', '.', 'abc', '-5', '1e3', '1e-9', '12.3.4', '0', '0.00', '10.005', '0.001', '2000000000000', 'Infinity']) {
      expect(parseUsdAmount(raw)).toBeNull();
    }
  });

  it('parses any typed number the same way: plain digits and a point, no sign or exponent', () => {
    expect(parsePlainNumber(' 30 ')).toBe(30);
    expect(parsePlainNumber('12.5')).toBe(12.5);
    expect(parsePlainNumber('1,000')).toBe(1000);
    expect(parsePlainNumber('0')).toBe(0);
    for (const raw of ['', ' ', '1e3', '-5', '+5', '0x10', 'Infinity', 'abc', '1.2.3']) expect(parsePlainNumber(raw)).toBeNull();
  });
});

describe('plan range', () => {
  const plan = { minAmount: 100, maxAmount: 1000 };
  it('takes both ends and everything between', () => {
    for (const v of [100, 100.01, 999.99, 1000]) expect(planRangeProblem(plan, v)).toBeNull();
  });
  it("says 'Amount must be between {min} and {max}.' outside", () => {
    expect(planRangeProblem(plan, 99.99)).toBe('Amount must be between 100 and 1000.');
    expect(planRangeProblem(plan, 1000.01)).toBe('Amount must be between 100 and 1000.');
    expect(planRangeProblem({ minAmount: 99.5, maxAmount: 250.25 }, 1)).toBe('Amount must be between 99.5 and 250.25.');
  });
});

describe('win rate', () => {
  it.each([
    [7, 3, 70],
    [2, 1, 67],
    [1, 2, 33],
    [1, 1, 50],
    [0, 5, 0],
    [5, 0, 100],
    [0, 0, 0],
    [Number.NaN, 3, 0],
    [-1, 3, 0],
  ])('wins %p losses %p → %p %', (wins, losses, rate) => {
    expect(winRate(wins, losses)).toBe(rate);
  });
});

describe('trade counts (wins, losses)', () => {
  it('takes whole numbers from 0 to 1,000,000', () => {
    for (const n of [0, 1, 70, 1_000_000]) expect(tradeCountProblem(n)).toBeNull();
  });
  it('names the reason otherwise', () => {
    expect(tradeCountProblem(2.5)).toBe('must be a whole number');
    expect(tradeCountProblem(-1)).toBe('must be 0 or more');
    expect(tradeCountProblem(1_000_001)).toBe('is too large');
    expect(tradeCountProblem(Number.NaN)).toBe('must be a number');
  });
});

describe('withdrawal address', () => {
  it.each(['bitcoin', 'ethereum', 'solana', 'usdt'] as const)('%s needs one; blank is none', (method) => {
    expect(withdrawalAddressProblem(method, 'bc1qexample')).toBeNull();
    for (const blank of [undefined, '', '   ']) expect(withdrawalAddressProblem(method, blank)).toBe(`is required for ${method} withdrawals`);
  });
  it('bank takes none', () => {
    expect(withdrawalAddressProblem('bank', undefined)).toBeNull();
    expect(withdrawalAddressProblem('bank', '')).toBeNull();
    expect(withdrawalAddressProblem('bank', 'bc1q')).toBe('is not allowed for bank withdrawals');
  });
});

describe('date of birth', () => {
  it('takes real dates from 1990-01-01 to 2024-12-31', () => {
    for (const v of ['1990-01-01', '2000-02-29', '2024-12-31']) expect(dobProblem(v)).toBeNull();
  });
  it('names the reason otherwise', () => {
    expect(dobProblem('1989-12-31')).toBe('must be between 1990-01-01 and 2024-12-31');
    expect(dobProblem('2025-01-01')).toBe('must be between 1990-01-01 and 2024-12-31');
    expect(dobProblem('2001-02-30')).toBe('must be a real date');
    expect(dobProblem('2001-13-01')).toBe('must be a real date');
    expect(dobProblem('15/06/1995')).toBe('must be a date YYYY-MM-DD');
    expect(dobProblem('')).toBe('must be a date YYYY-MM-DD');
  });
});

describe('phone', () => {
  it('takes + calling code + 2 to 17 national digits', () => {
    for (const v of ['+14155550123', '+447911123456', '+112345', '+4420', `+44${'1'.repeat(17)}`, '+35312', '+8613800138000']) expect(isPhoneNumber(v)).toBe(true);
  });
  it('refuses too short or long national numbers, unknown codes and anything but + and digits', () => {
    for (const v of ['+442', `+44${'1'.repeat(18)}`, '+1', '+0123456', '+2101234567', '+999123456', '14155550123', '+1 415 555 0123', '+1-4155550123', '', '+']) {
      expect(isPhoneNumber(v)).toBe(false);
    }
  });
  it('finds the one calling code of a number', () => {
    expect(splitPhoneNumber('+14155550123')).toEqual({ code: '1', national: '4155550123' });
    expect(splitPhoneNumber('+447911123456')).toEqual({ code: '44', national: '7911123456' });
    expect(splitPhoneNumber('+353871234567')).toEqual({ code: '353', national: '871234567' });
    expect(splitPhoneNumber('+0123')).toBeNull();
  });
  it('calling codes are a prefix code, so the split is never ambiguous', () => {
    // Every 1-3 digit string that is a code: none of its proper prefixes is one.
    const codes: string[] = [];
    for (let n = 1; n < 1000; n += 1) if (splitPhoneNumber(`+${n}`)?.national === '') codes.push(String(n));
    expect(codes.length).toBeGreaterThan(200);
    for (const code of codes) for (let i = 1; i < code.length; i += 1) expect(codes).not.toContain(code.slice(0, i));
  });
});
