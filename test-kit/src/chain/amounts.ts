// Coin amounts as decimal strings from integer minor units, and back, without floats.

/** A non-negative decimal string ("0.001", "12", "1.5e18") as an integer of 10^-`decimals` units; throws when it has more precision. */
export function decimalToUnits(amount: string, decimals: number): bigint {
  const match = /^(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(amount.trim());
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) throw new Error(`not a decimal amount: "${amount}"`);
  const digits = `${match[1] ?? ''}${match[2] ?? ''}`;
  const scale = decimals - (match[2] ?? '').length + Number(match[3] ?? '0');
  if (scale >= 0) return BigInt(digits) * 10n ** BigInt(scale);
  const divisor = 10n ** BigInt(-scale);
  const units = BigInt(digits);
  if (units % divisor !== 0n) throw new Error(`"${amount}" has more than ${decimals} decimals`);
  return units / divisor;
}

/** Integer units as a decimal string with exactly `decimals` places (satoshis → "0.00100000"). */
export function unitsToDecimal(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const base = 10n ** BigInt(decimals);
  const whole = (abs / base).toString();
  const fraction = decimals > 0 ? `.${(abs % base).toString().padStart(decimals, '0')}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Satoshis as the amount string Bitcoin Core's RPC takes ("0.00100000"). */
export function satsToBtc(sats: bigint): string {
  return unitsToDecimal(sats, 8);
}

/**
 * A BTC amount as Bitcoin Core prints it (a JSON number such as 0.00123456, or a string) in
 * satoshis. A JSON number with at most 8 decimals below 90 million coins prints back exactly with
 * toFixed(8), so no multiplication by 1e8 (which is not exact in binary) is involved.
 */
export function btcToSats(amount: number | string): bigint {
  const text = typeof amount === 'number' ? amount.toFixed(8) : amount;
  const negative = text.startsWith('-');
  const units = decimalToUnits(negative ? text.slice(1) : text, 8);
  return negative ? -units : units;
}
