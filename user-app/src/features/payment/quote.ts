import type { Chain, DepositPayment, PaymentState } from '@halcyon/api-client/model';
import { formatDateTime, formatUsd } from '@halcyon/shared-ui';

// A quoted deposit (issue 26, Deposit.payment) as the investor reads it: the network, the
// status in plain words with what to do next, the time left on the quote, and how often the
// screen asks the server again.

/** The network each watched chain is, as the payment screen names it. */
export const NETWORK_NAME: Record<Chain, string> = {
  bitcoin: 'Bitcoin',
  ethereum: 'Ethereum',
  bsc: 'BEP-20 (Binance Smart Chain)',
};

/** The warning under the address: the one network to pay on. */
export function networkNote(chain: Chain, coin: string): string {
  switch (chain) {
    case 'bitcoin':
      return `Send only ${coin} on the Bitcoin network to this address. Coins sent on another network may be lost.`;
    case 'ethereum':
      return `Send only ${coin} on the Ethereum network to this address (not BEP-20 or any other network). Coins sent on another network may be lost.`;
    case 'bsc':
      return `Send only ${coin} to this address using the BEP-20 (Binance Smart Chain) network. Other networks may lose your funds.`;
  }
}

/** How often the status is read again: every few seconds until credited (a late payment can still arrive after expiry). */
const POLL_MS = 5000;
const EXPIRED_POLL_MS = 15000;

export function pollEvery(state: PaymentState | undefined): number | false {
  if (state === 'credited') return false;
  return state === 'expired' ? EXPIRED_POLL_MS : POLL_MS;
}

/** '14:32', '1:02:03'; '0:00' once the time is up. */
export function timeLeft(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The expiry as the screen writes it (the app's dates are UTC). */
export const expiryTime = (iso: string) => `${formatDateTime(iso)} UTC`;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** Compares two decimal strings exactly (coin amounts are never floats); null when either is not one. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 | null {
  const x = DECIMAL.exec(a.trim());
  const y = DECIMAL.exec(b.trim());
  if (!x || !y) return null;
  const places = Math.max(x[2]?.length ?? 0, y[2]?.length ?? 0);
  const units = (m: RegExpExecArray) => BigInt(`${m[1]}${(m[2] ?? '').padEnd(places, '0')}`);
  const [u, v] = [units(x), units(y)];
  return u === v ? 0 : u < v ? -1 : 1;
}

export interface StatusCopy {
  title: string;
  /** What happened and what the investor should do, in plain words. */
  body: string;
}

interface StatusContext {
  /** The asset's name, e.g. 'Bitcoin' */
  assetName: string;
  /** The deposit's USD amount (the quote; once credited, what was credited) */
  usd: number;
}

/** Said when the amount that arrived is not the one quoted. */
function amountNote(p: DepositPayment): string {
  if (p.paidAmount === null) return '';
  const vs = compareDecimal(p.paidAmount, p.cryptoAmount);
  if (vs === -1) return ` We received ${p.paidAmount} ${p.coin}, less than the ${p.cryptoAmount} ${p.coin} quoted: it is credited at its value when it confirms. To add the rest, start a new deposit.`;
  if (vs === 1) return ` We received ${p.paidAmount} ${p.coin}, more than the ${p.cryptoAmount} ${p.coin} quoted: all of it is credited, valued when it confirms.`;
  return '';
}

/** The status region's text for the payment's state. */
export function paymentStatus(p: DepositPayment, { assetName, usd }: StatusContext): StatusCopy {
  const network = NETWORK_NAME[p.network];
  const needed = p.confirmationsRequired;
  switch (p.state) {
    case 'waiting':
      return {
        title: 'Waiting for your payment',
        body: `Send ${p.cryptoAmount} ${p.coin} to the address above before the quote expires. This page updates by itself when your payment reaches the ${network} network; you can also leave it and check your balance later.`,
      };
    case 'seen':
      return {
        title: `Payment seen: ${Math.min(p.confirmations, needed)} of ${needed} confirmations`,
        body: `Your payment is on the ${network} network. It is credited to your balance once it has ${needed} ${needed === 1 ? 'confirmation' : 'confirmations'}: there is nothing more to do.${amountNote(p)}`,
      };
    case 'credited':
      return {
        title: 'Credited to your balance',
        body: `${p.paidAmount ?? p.cryptoAmount} ${p.coin} arrived and ${formatUsd(usd)} was added to your ${assetName} balance. You can use it now.`,
      };
    case 'expired':
      return {
        title: 'This quote has expired',
        body: `No payment arrived before ${expiryTime(p.expiresAt)}. If you have already sent it, there is nothing to do: a late payment is still credited, valued at the ${p.coin} price when it confirms. To pay at a new quote, start a new deposit.`,
      };
    case 'orphaned':
      return {
        title: 'Payment waiting to be confirmed again',
        body: `The block holding your payment was replaced on the ${network} network, which happens now and then. It is usually included again in a later block, and this page updates by itself. Do not send it again; if it does not come back, contact support with the transaction ID below.`,
      };
  }
}

/** The payment link (BIP21, EIP-681) for a wallet app on this device, only with its own scheme. */
export const walletLink = (uri: string): string | null => (/^(bitcoin|ethereum):/i.test(uri) ? uri : null);
