import type { WalletAddress, WalletAddressBody } from '@halcyon/api-client/model';

// Update Wallets' form: the spec's four addresses and, ours (issue 26), the two extended public
// keys investors' own deposit addresses derive from.

export type AddressKey = 'bitcoin' | 'ethereum' | 'sol' | 'usdt';
export type XpubKey = 'bitcoinXpub' | 'evmXpub';

/** What the form holds: every field as typed. */
export type WalletDraft = Record<AddressKey | XpubKey, string>;

export const ADDRESS_FIELDS: readonly { key: AddressKey; label: string }[] = [
  { key: 'bitcoin', label: 'Bitcoin address' },
  { key: 'ethereum', label: 'Ethereum address' },
  { key: 'sol', label: 'Solana address' },
  { key: 'usdt', label: 'USDT address' },
];

export const XPUB_FIELDS: readonly { key: XpubKey; label: string; hint: string }[] = [
  { key: 'bitcoinXpub', label: 'Bitcoin xpub (BIP84)', hint: 'Investors\' Bitcoin addresses (bc1…) derive from it. Starts with zpub or xpub.' },
  { key: 'evmXpub', label: "EVM xpub (m/44'/60'/0', Ethereum and BEP-20)", hint: 'Investors\' Ethereum and BEP-20 USDT addresses (0x…) derive from it.' },
];

const blank: WalletDraft = { bitcoin: '', ethereum: '', sol: '', usdt: '', bitcoinXpub: '', evmXpub: '' };

/** The form's values from the admin's read (a key not set, or not reported, is an empty field). */
export const draftOf = (record: WalletAddress | null): WalletDraft =>
  record
    ? { bitcoin: record.bitcoin, ethereum: record.ethereum, sol: record.sol, usdt: record.usdt, bitcoinXpub: record.bitcoinXpub ?? '', evmXpub: record.evmXpub ?? '' }
    : blank;

/**
 * The request's body: the four addresses as typed; a key typed is sent trimmed, an emptied one as
 * null (removed). A key the read did not report at all (a record before keys, a server without
 * them) is left out when empty, so saving the addresses never removes what this screen never saw.
 */
export function bodyOf(draft: WalletDraft, record: WalletAddress | null): WalletAddressBody {
  const body: WalletAddressBody = { bitcoin: draft.bitcoin, ethereum: draft.ethereum, sol: draft.sol, usdt: draft.usdt };
  for (const { key } of XPUB_FIELDS) {
    const typed = draft[key].trim();
    if (typed) body[key] = typed;
    else if (record?.[key] !== undefined) body[key] = null;
  }
  return body;
}

const PRIVATE_KEY = /^[a-z]prv/i;

/**
 * A private key pasted by mistake (xprv, zprv, tprv…) is stopped here, before it leaves the
 * browser: the server would refuse it, but it would have been sent.
 */
export const xpubProblem = (value: string): string | null =>
  PRIVATE_KEY.test(value.trim()) ? 'This is a private key: never share it, here or anywhere else. Enter the account\'s extended public key (xpub or zpub) instead.' : null;
