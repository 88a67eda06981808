import { capitalize, formatCompact, formatCount, formatDate, formatDateTime, formatHours, formatMoney, formatMonth, formatUsd, methodLabel, winRateTone } from './format';

describe('formatCompact', () => {
  it('leaves numbers below 1000 unchanged', () => {
    expect(formatCompact(0)).toBe('0');
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(12.5)).toBe('12.5');
  });
  it('shows thousands as K and millions as M with one decimal', () => {
    expect(formatCompact(1000)).toBe('1.0K');
    expect(formatCompact(1500)).toBe('1.5K');
    expect(formatCompact(12_340)).toBe('12.3K');
    expect(formatCompact(2_000_000)).toBe('2.0M');
    expect(formatCompact(3_450_000)).toBe('3.5M');
  });
  it('rolls over to M instead of showing 1000.0K', () => {
    expect(formatCompact(999_960)).toBe('1.0M');
  });
  it('keeps the sign of negative numbers', () => {
    expect(formatCompact(-1500)).toBe('-1.5K');
  });
});

describe('money', () => {
  it('formats USD with 2 decimals', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney('99.999')).toBe('$100.00');
    expect(formatMoney(-5)).toBe('-$5.00');
    expect(formatUsd(1234.5)).toBe('1,234.50 USD');
    expect(formatUsd(0)).toBe('0.00 USD');
  });

  it("writes what Intl's en-US formats write, for every kind of amount", () => {
    const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const plain = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const edges = [0, -0, 0.004, 0.005, -0.004, 0.015, 0.125, 1.005, 2.675, 999.995, 999_999.995, 0.1 + 0.2, 1e15 + 0.5, 2 ** 53, 9.999e20, 1e21, 1.5e22, -1e21, Number.MAX_VALUE, Number.MIN_VALUE];
    // A fixed pseudo-random sweep (a linear congruential generator): cents, sub-cent halves, every magnitude, both signs.
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const sweep = Array.from({ length: 20_000 }, (_, i) => {
      const magnitude = 10 ** Math.floor(next() * 16);
      const value = i % 3 === 0 ? Math.round(next() * magnitude * 100) / 100 : i % 3 === 1 ? Math.floor(next() * magnitude * 1000) / 1000 + 0.005 : next() * magnitude;
      return next() < 0.3 ? -value : value;
    });
    // Compared in plain code, one expect for all: 80,000 expects took 15 s.
    const differing: string[] = [];
    for (const v of [...edges, ...edges.map((e) => -e), ...sweep]) {
      if (formatMoney(v) !== money.format(v)) differing.push(`formatMoney(${v}) = ${formatMoney(v)}, Intl ${money.format(v)}`);
      if (formatUsd(v) !== `${plain.format(v)} USD`) differing.push(`formatUsd(${v}) = ${formatUsd(v)}, Intl ${plain.format(v)} USD`);
    }
    expect(differing).toEqual([]);
  });
});

describe('counts', () => {
  it("writes what Intl's en-US format writes, for every size of count", () => {
    const intl = new Intl.NumberFormat('en-US');
    let seed = 11;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const sweep = Array.from({ length: 5_000 }, () => Math.floor(next() * 10 ** Math.floor(next() * 16)) * (next() < 0.2 ? -1 : 1));
    const edges = [0, -0, 1, 999, 1000, -1000, 999_999, 1_000_000, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 53, 1.5, 1e21];
    const differing = [...edges, ...sweep].filter((n) => formatCount(n) !== intl.format(n)).map((n) => `formatCount(${n}) = ${formatCount(n)}, Intl ${intl.format(n)}`);
    expect(differing).toEqual([]);
  });
});

describe('dates', () => {
  it('formats in en-US and UTC', () => {
    expect(formatDate('2026-11-22T23:30:00Z')).toBe('Nov 22, 2026');
    expect(formatDateTime('2026-11-22T15:04:00Z')).toBe('Nov 22, 2026, 3:04 PM');
  });
  it("writes what Intl's en-US formats write in UTC, for every hour and minute, month and day", () => {
    const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    const time = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    const edges = ['1000-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z', '0999-12-31T23:59:00Z', '+010000-01-01T00:00:00Z', '2024-02-29T12:00:00Z', '1970-01-01T00:00:00Z', '1969-12-31T23:59:59Z'].map((s) => new Date(s));
    // Every minute of one day, then a fixed pseudo-random sweep of instants from 1000 to 9999 (and around them).
    const minutes = Array.from({ length: 24 * 60 }, (_, i) => new Date(Date.UTC(2026, 10, 22, 0, i)));
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const from = Date.UTC(900, 0, 1);
    const sweep = Array.from({ length: 20_000 }, () => new Date(from + Math.floor(next() * (Date.UTC(10_100, 0, 1) - from))));
    const differing: string[] = [];
    for (const d of [...edges, ...minutes, ...sweep]) {
      if (formatDate(d) !== day.format(d)) differing.push(`formatDate(${d.toISOString()}) = ${formatDate(d)}, Intl ${day.format(d)}`);
      if (formatDateTime(d) !== time.format(d)) differing.push(`formatDateTime(${d.toISOString()}) = ${formatDateTime(d)}, Intl ${time.format(d)}`);
    }
    expect(differing).toEqual([]);
  });
  it("writes a statement month as Intl's en-US does, and nothing for what is not one", () => {
    const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const differing: string[] = [];
    for (const year of [1000, 1970, 2024, 2026, 9999]) {
      for (let m = 1; m <= 12; m++) {
        const ym = `${year}-${String(m).padStart(2, '0')}`;
        const intl = month.format(new Date(`${ym}-01T00:00:00Z`));
        if (formatMonth(ym) !== intl) differing.push(`formatMonth(${ym}) = ${formatMonth(ym)}, Intl ${intl}`);
      }
    }
    expect(differing).toEqual([]);
    for (const bad of ['', '2026-13', '2026-00', '2026-1', '0999-05', 'November 2026']) expect(formatMonth(bad)).toBe('');
  });
  it('gives an empty string for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('labels', () => {
  it('maps methods to tickers and shows every other method upper-case', () => {
    expect(methodLabel('bitcoin')).toBe('BTC');
    expect(methodLabel('Solana')).toBe('SOL');
    expect(methodLabel('ethereum')).toBe('ETH');
    expect(methodLabel('usdt')).toBe('USDT');
    expect(methodLabel('bank')).toBe('BANK');
    expect(methodLabel('transfer')).toBe('TRANSFER');
  });
  it('capitalizes', () => {
    expect(capitalize('deposit')).toBe('Deposit');
    expect(capitalize('')).toBe('');
  });
});

describe('winRateTone', () => {
  it('is success from 60 up, orange below', () => {
    expect([0, 59, 60, 100].map(winRateTone)).toEqual(['orange', 'orange', 'success', 'success']);
  });
});

describe('formatHours', () => {
  it('says hours as the texts do, one in the singular', () => {
    expect([1, 24, 48].map(formatHours)).toEqual(['1 hour', '24 hours', '48 hours']);
  });
});
