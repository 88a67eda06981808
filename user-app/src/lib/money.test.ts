import { parseAmount } from './money';

describe('parseAmount', () => {
  it('parses plain amounts to numbers with at most 2 decimals', () => {
    expect(parseAmount('250')).toBe(250);
    expect(parseAmount(' 1,234.5 ')).toBe(1234.5);
    expect(parseAmount('10.005')).toBe(10.01);
    expect(parseAmount('0.001')).toBe(0);
  });

  it('rejects text that is not a plain non-negative number', () => {
    for (const raw of ['', '.', 'abc', '-5', '1e3', '12.3.4']) expect(parseAmount(raw)).toBeNull();
  });
});
