// Parameters of the test chains (docs/chain-nodes.md).

/** Anvil's default mnemonic: its dev accounts are m/44'/60'/0'/0/i of it, 10,000 ETH each. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

/** Anvil's first default account: deploys the contracts, owns them, holds the USDT, pays every EVM send. */
export const ANVIL_FUNDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

export const EVM_CHAIN_IDS = { ethereum: 1337, bsc: 56 } as const;

/**
 * litecoind's regtest network (a Bitcoin Core 0.21 fork): what a Bitcoin library needs to make and
 * read its addresses and extended keys. The extended key versions are Bitcoin testnet's
 * (tpub/tprv); the bech32 prefix and the base58 script-hash version are Litecoin's own.
 */
export const LITECOIN_REGTEST = {
  bech32: 'rltc',
  pubKeyHash: 0x6f,
  scriptHash: 0x3a,
  wif: 0xef,
  bip32: { public: 0x043587cf, private: 0x04358394 },
} as const;
