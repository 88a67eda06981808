// Payment URIs, amounts and the description's checks: no nodes involved.
import { btcToSats, decimalToUnits, satsToBtc, unitsToDecimal } from './amounts';
import { CHAIN_NODES_ENV, chainNodesOrSkip, parseChainNodes } from './env';
import { parsePaymentUri } from './payment-uri';

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('parsePaymentUri', () => {
  test('BIP21: the address and the amount in satoshis, exactly', () => {
    expect(parsePaymentUri('bitcoin:rltc1qng5p85dhm0hfa4kpgyfez752skfx6sj6zu009q?amount=0.001&label=Halcyon')).toEqual({
      kind: 'btc',
      address: 'rltc1qng5p85dhm0hfa4kpgyfez752skfx6sj6zu009q',
      sats: 100_000n,
    });
    expect(parsePaymentUri('BITCOIN:mxdudF7ucbd6wbKZuCKVADDGT1s5NcQ2Vp?amount=20999999.99999999')).toMatchObject({ sats: 2_099_999_999_999_999n });
    expect(() => parsePaymentUri('bitcoin:rltc1qxyz?amount=0.000000001')).toThrow(/more than 8 decimals/);
    expect(() => parsePaymentUri('bitcoin:rltc1qxyz')).toThrow(/no amount/);
  });

  test('EIP-681: native value on a chain id, scientific notation, pay- prefix', () => {
    expect(parsePaymentUri(`ethereum:${TO.toLowerCase()}@1337?value=2.014e18`)).toEqual({ kind: 'native', chain: 'ethereum', to: TO, wei: 2_014_000_000_000_000_000n });
    expect(parsePaymentUri(`ethereum:pay-${TO}@56?value=1`)).toMatchObject({ chain: 'bsc', wei: 1n });
    expect(parsePaymentUri(`ethereum:${TO}?value=5`)).toMatchObject({ chain: 'ethereum' });
    expect(() => parsePaymentUri(`ethereum:${TO}@1?value=5`)).toThrow(/chain id 1 is none of the test chains/);
    expect(() => parsePaymentUri(`ethereum:${TO}@1337?value=0.5`)).toThrow(/more than 0 decimals/);
    expect(() => parsePaymentUri('ethereum:0x1234@1337?value=5')).toThrow(/not an address/);
  });

  test('EIP-681: an ERC-20 transfer', () => {
    expect(parsePaymentUri(`ethereum:${USDT}@56/transfer?address=${TO}&uint256=1.5e18`)).toEqual({
      kind: 'token',
      chain: 'bsc',
      token: USDT,
      to: TO,
      units: 1_500_000_000_000_000_000n,
    });
    expect(() => parsePaymentUri(`ethereum:${USDT}@56/approve?address=${TO}&uint256=1`)).toThrow(/only the ERC-20 transfer/);
    expect(() => parsePaymentUri(`ethereum:${USDT}@56/transfer?uint256=1`)).toThrow(/address= is not an address/);
  });

  test('other schemes are refused', () => {
    expect(() => parsePaymentUri('solana:abc?amount=1')).toThrow(/neither a bitcoin/);
  });
});

test('amounts: decimal strings from integer units and back, no floats', () => {
  expect(satsToBtc(1n)).toBe('0.00000001');
  expect(satsToBtc(123_456_789n)).toBe('1.23456789');
  expect(unitsToDecimal(-5n, 2)).toBe('-0.05');
  expect(unitsToDecimal(7n, 0)).toBe('7');
  expect(btcToSats(0.1 + 0.2)).toBe(30_000_000n); // 0.30000000000000004
  expect(btcToSats(0.00123456)).toBe(123_456n);
  expect(btcToSats('-0.5')).toBe(-50_000_000n);
  expect(decimalToUnits('1e-8', 8)).toBe(1n);
  expect(() => decimalToUnits('1,5', 8)).toThrow(/not a decimal amount/);
});

describe('the description', () => {
  const valid = {
    ethereum: { rpcUrl: 'http://127.0.0.1:1', chainId: 1337, minForkHeight: 2 },
    bsc: { rpcUrl: 'http://127.0.0.1:2', chainId: 56, minForkHeight: 3 },
    bitcoin: { rpcUrl: 'http://u:p@127.0.0.1:3', network: 'litecoin-regtest', wallet: 'halcyon', minForkHeight: 11 },
    contracts: { usdt: USDT, btcUsdFeed: USDT, ethUsdFeed: TO },
    funder: TO,
  };

  test('parseChainNodes accepts a whole description and names what is missing', () => {
    expect(parseChainNodes(JSON.stringify(valid), 'x')).toEqual(valid);
    expect(() => parseChainNodes('{', 'HALCYON_CHAIN_NODES')).toThrow(/HALCYON_CHAIN_NODES is not JSON/);
    expect(() => parseChainNodes(JSON.stringify({ ...valid, bitcoin: { ...valid.bitcoin, network: 'mainnet' } }), 'x')).toThrow(/bitcoin:/);
    expect(() => parseChainNodes(JSON.stringify({ ...valid, contracts: { usdt: USDT } }), 'x')).toThrow(/contracts:/);
  });

  test('chainNodesOrSkip: the nodes when described, a notice when not, an error under CI', () => {
    expect(chainNodesOrSkip('x', { [CHAIN_NODES_ENV]: JSON.stringify(valid) })).toMatchObject({ chains: { bsc: valid.bsc } });
    expect(chainNodesOrSkip('the deposit tests', {})).toEqual({ skip: expect.stringMatching(/Skipping the deposit tests/) });
    expect(() => chainNodesOrSkip('the deposit tests', { CI: 'true' })).toThrow(/Under CI=true the deposit tests is required/);
  });
});
