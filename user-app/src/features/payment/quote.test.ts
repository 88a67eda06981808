import { compareDecimal, pollEvery, timeLeft, walletLink } from './quote';

describe('quote helpers', () => {
  it('compares coin amounts exactly, as decimal text', () => {
    expect(compareDecimal('0.00416667', '0.00416667')).toBe(0);
    expect(compareDecimal('0.004166670', '0.00416667')).toBe(0);
    expect(compareDecimal('0.002', '0.00416667')).toBe(-1);
    expect(compareDecimal('1', '0.99999999999999999999')).toBe(1);
    // 0.1 + 0.2 as floats is not 0.3; as decimals it is compared digit for digit.
    expect(compareDecimal('0.30000000000000000001', '0.3')).toBe(1);
    expect(compareDecimal('1e-3', '0.001')).toBeNull();
  });

  it('counts down in minutes and seconds, hours when there are any', () => {
    expect(timeLeft(15 * 60_000)).toBe('15:00');
    expect(timeLeft(61_500)).toBe('1:02');
    expect(timeLeft(3_723_000)).toBe('1:02:03');
    expect(timeLeft(0)).toBe('0:00');
    expect(timeLeft(-5000)).toBe('0:00');
  });

  it('asks again until credited, less often once expired', () => {
    expect(pollEvery('waiting')).toBe(5000);
    expect(pollEvery('seen')).toBe(5000);
    expect(pollEvery('orphaned')).toBe(5000);
    expect(pollEvery('expired')).toBe(15000);
    expect(pollEvery('credited')).toBe(false);
  });

  // Explorer links (web addresses only) are app-kit's webLink, tested there.
  it('links only to wallet payment links', () => {
    expect(walletLink('bitcoin:bc1q?amount=0.1')).toBe('bitcoin:bc1q?amount=0.1');
    expect(walletLink('ethereum:0xabc@56/transfer?address=0xdef&uint256=1')).toBe('ethereum:0xabc@56/transfer?address=0xdef&uint256=1');
    expect(walletLink('javascript:alert(1)')).toBeNull();
  });
});
