import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager } from '@tanstack/react-query';
import { fail, networkError, ok, stubHttp, type HttpStub } from '@halcyon/api-client/testing';
import { renderWithProviders } from '../test/render';
import { adminPayout, hotWallet, payoutsOverview, signerHealth } from '../test/fixtures';
import { captureDownloads } from '../test/downloads';
import { findErrorToast, findSuccessToast } from '../test/toasts';
import PayoutsScreen from './PayoutsScreen';

let http: HttpStub;
afterEach(() => http.restore());

const OVERVIEW = 'GET /api/admin/payouts';
const TXID = 'f00dfeed00112233445566778899aabbccddeeff00112233445566778899abcd';
const EVM_TX = '0x9a8b7c6d5e4f30211203f4e5d6c7b8a99a8b7c6d5e4f30211203f4e5d6c7b8a9';
const bo = { name: 'Bo Li', email: 'bo@example.com' };
const cy = { name: 'Cy Ng', email: 'cy@example.com' };

const offline = (over: Partial<NonNullable<ReturnType<typeof adminPayout>['offline']>> = {}) => ({ format: 'psbt' as const, ready: true, uploaded: false, rejection: null, ...over });

/** One payout in each state an admin sees. */
const PAYOUTS = [
  adminPayout({ attempts: 2, lastError: 'Hot wallet holds 0.001 BTC, the payout needs 0.00416666 BTC' }),
  adminPayout({ id: 'po2', user: bo, network: 'ethereum', coin: 'ETH', cryptoAmount: '0.75', amount: 2400, destination: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', status: 'offline', offline: offline({ format: 'evm' }) }),
  adminPayout({ id: 'po3', user: cy, status: 'offline', amount: 9000, cryptoAmount: '0.15', offline: offline({ format: null, ready: false }) }),
  adminPayout({ id: 'po4', user: cy, status: 'offline', amount: 8000, cryptoAmount: '0.13333333', offline: offline({ uploaded: true, rejection: 'Signed by another key' }) }),
  adminPayout({ id: 'po5', user: bo, status: 'offline', amount: 7000, cryptoAmount: '0.11666666', offline: offline({ rejection: 'Signed by another key: the inputs are not the hot wallet\'s' }) }),
  adminPayout({ id: 'po6', status: 'signed', txid: TXID, attempts: 1 }),
  adminPayout({ id: 'po7', status: 'sent', txid: TXID, explorerUrl: `https://mempool.example/tx/${TXID}`, attempts: 2, stuck: true, sentAt: '2026-11-27T09:40:00.000Z' }),
  adminPayout({ id: 'po8', status: 'confirmed', txid: TXID, confirmations: 2, attempts: 1, sentAt: '2026-11-27T09:10:00.000Z' }),
  adminPayout({ id: 'po9', network: 'bsc', coin: 'USDT', cryptoAmount: '120', amount: 120, destination: '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B', status: 'failed', attempts: 3, lastError: 'execution reverted: transfer amount exceeds balance' }),
];

const full = payoutsOverview({
  alerts: ['No signer has reported for 10 minutes.', 'The BTC hot wallet cannot cover its queue: 0.001 BTC for 0.00416666 BTC.'],
  signers: [signerHealth(), signerHealth({ signer: 'signer-b:977', alive: false, seenAt: '2026-11-27T09:50:00.000Z', lastError: 'bitcoind: connection refused' })],
  wallets: [
    hotWallet({ balance: '0.001', covered: false }),
    hotWallet({ network: 'ethereum', coin: 'ETH', address: '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf', balance: null, perPayoutLimit: '0', dailyLimit: '0', queued: '0' }),
  ],
  payouts: PAYOUTS,
});

/** The screen's clock: 12 seconds after the signer last reported. */
const NOW = Date.parse('2026-11-27T10:00:12.000Z');

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
const rowOf = (id: string) => {
  const index = PAYOUTS.findIndex((p) => p.id === id);
  return within(screen.getByRole('table', { name: 'Open and recent payouts' })).getAllByRole('row')[index + 1] as HTMLElement;
};
const fact = (card: HTMLElement, term: string) => within(card).getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

async function open(overview = full) {
  http = stubHttp({ [OVERVIEW]: ok(overview) });
  renderWithProviders(<PayoutsScreen />, { route: '/admin/payouts' });
  expect(await screen.findByRole('heading', { name: 'Payouts', level: 1 })).toBeInTheDocument();
  await screen.findByRole('table', { name: 'Open and recent payouts' });
}

describe('PayoutsScreen', () => {
  beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(NOW));

  it('shows the alerts first, then each signer (alive or not, last seen both ways, last error) and each hot wallet against its queue', async () => {
    await open();
    const alerts = screen.getByRole('region', { name: 'Alerts' });
    expect(within(alerts).getAllByRole('listitem').map((a) => a.textContent)).toEqual([
      '!No signer has reported for 10 minutes.',
      '!The BTC hot wallet cannot cover its queue: 0.001 BTC for 0.00416666 BTC.',
    ]);
    // First on the page: before the signers, the wallets and the table.
    expect(alerts.compareDocumentPosition(screen.getByRole('region', { name: 'Signers' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const alive = screen.getByRole('listitem', { name: 'signer-a:4242' });
    expect(within(alive).getByText('Alive')).toHaveAttribute('data-alert', 'false');
    expect(fact(alive, 'Last seen')).toHaveTextContent('12 seconds ago (Nov 27, 2026, 10:00 AM UTC)');
    expect(within(fact(alive, 'Last seen')).getByText(/seconds ago/)).toHaveAttribute('datetime', '2026-11-27T10:00:00.000Z');
    expect(fact(alive, 'Started')).toHaveTextContent('2 hours ago (Nov 27, 2026, 8:00 AM UTC)');
    expect(fact(alive, 'Last error')).toHaveTextContent('None');
    const dead = screen.getByRole('listitem', { name: 'signer-b:977' });
    expect(within(dead).getByText('Not reporting')).toHaveAttribute('data-alert', 'true');
    expect(fact(dead, 'Last seen')).toHaveTextContent('10 minutes ago (Nov 27, 2026, 9:50 AM UTC)');
    expect(fact(dead, 'Last error')).toHaveTextContent('bitcoind: connection refused');

    const btc = screen.getByRole('listitem', { name: 'Bitcoin · BTC' });
    expect(within(btc).getByText('Cannot cover the queue')).toHaveAttribute('data-alert', 'true');
    expect(fact(btc, 'Address')).toHaveTextContent('bc1qhotwallet00000000000000000000000000abc');
    expect(within(fact(btc, 'Address')).getByText('bc1qhotwallet00000000000000000000000000abc').tagName).toBe('CODE');
    expect(fact(btc, 'Balance')).toHaveTextContent('0.001 BTC');
    expect(fact(btc, 'Balance')).toHaveAttribute('data-alert', 'true');
    expect(fact(btc, 'Queued')).toHaveTextContent('0.00416666 BTC');
    expect(fact(btc, 'Per payout limit')).toHaveTextContent(/^0\.1 BTC$/);
    expect(fact(btc, 'Daily limit')).toHaveTextContent(/^1 BTC$/);
    const eth = screen.getByRole('listitem', { name: 'Ethereum · ETH' });
    expect(within(eth).getByText('Covers its queue')).toHaveAttribute('data-alert', 'false');
    expect(fact(eth, 'Balance')).toHaveTextContent('Not read');
    expect(fact(eth, 'Per payout limit')).toHaveTextContent('0 ETH (all signed offline)');

    // userEvent's setup puts its clipboard on the page.
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(btc).getByRole('button', { name: 'Copy the Bitcoin · BTC hot wallet address' }));
    expect(writeText).toHaveBeenCalledWith('bc1qhotwallet00000000000000000000000000abc');
    await findSuccessToast('Address copied!');
  });

  it('says when nothing needs an admin, no signer has reported and no payout is open', async () => {
    await open(payoutsOverview({ signers: [], wallets: [], payouts: [] }));
    expect(within(screen.getByRole('region', { name: 'Alerts' })).getByText('Nothing needs you now: the signers report and the hot wallets cover their queues.')).toBeInTheDocument();
    expect(screen.getByText(/^No signer has reported yet/)).toBeInTheDocument();
    expect(screen.getByText(/^No hot wallet has been reported/)).toBeInTheDocument();
    expect(screen.getByText('No payout is open.')).toBeInTheDocument();
  });

  it('lists each payout: investor, USD, coins and chain, destination, status and stuck, transaction, confirmations, attempts, last error', async () => {
    await open();
    const table = screen.getByRole('table', { name: 'Open and recent payouts' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Investor', 'Amount (USD)', 'Crypto amount', 'Destination', 'Status', 'Transaction', 'Confirmations', 'Attempts', 'Last error', 'Queued', 'Offline signing',
    ]);
    expect(cells(rowOf('po1'))).toEqual([
      'Jane Doejane@example.com', '$250.00', '0.00416666 BTCBitcoin', 'bc1qjane…000xyz', 'Queued', '-', '-', '2', 'Hot wallet holds 0.001 BTC, the payout needs 0.00416666 BTC', 'Nov 27, 2026, 9:00 AM UTC', '-',
    ]);
    expect(within(rowOf('po1')).getByText('bc1qjane…000xyz')).toHaveAttribute('title', 'bc1qjanepayoutaddress0000000000000000xyz');

    expect(cells(rowOf('po2')).slice(0, 10)).toEqual(['Bo Libo@example.com', '$2,400.00', '0.75 ETHEthereum', '0x5aAeb6…1BeAed', 'Offline', '-', '-', '0', '-', 'Nov 27, 2026, 9:00 AM UTC']);
    expect(cells(rowOf('po6')).slice(4, 9)).toEqual(['Signed', 'f00dfeed…99abcd', '0 of 2', '1', '-']);
    expect(within(rowOf('po6')).queryByRole('link')).not.toBeInTheDocument();

    const stuck = rowOf('po7');
    // Sent, and in no block for more than 10 minutes: the flag is beside its status.
    expect(cells(stuck).slice(4, 9)).toEqual(['SentStuck', 'f00dfeed…99abcd (opens the block explorer in a new tab)', '0 of 2', '2', '-']);
    expect(within(stuck).getByRole('link', { name: /^f00dfeed…99abcd/ })).toHaveAttribute('href', `https://mempool.example/tx/${TXID}`);
    expect(cells(rowOf('po8')).slice(4, 9)).toEqual(['Confirmed', 'f00dfeed…99abcd', '2 of 2', '1', '-']);
    expect(cells(rowOf('po9')).slice(2, 9)).toEqual(['120 USDTBNB Smart Chain', '0xAb5801…9aeC9B', 'Failed', '-', '-', '3', 'execution reverted: transfer amount exceeds balance']);
    // Only an offline payout can be downloaded or uploaded.
    for (const id of ['po1', 'po6', 'po7', 'po8', 'po9']) expect(within(rowOf(id)).queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers an offline payout\'s download once the signer has prepared it, says when an upload is being checked, and why the last one was refused', async () => {
    await open();
    const ready = rowOf('po2');
    expect(within(ready).getByRole('button', { name: 'Download unsigned: 0.75 ETH to Bo Li' })).toBeEnabled();
    expect(within(ready).getByRole('button', { name: 'Upload signed: 0.75 ETH to Bo Li' })).toBeEnabled();

    const preparing = rowOf('po3');
    const download = within(preparing).getByRole('button', { name: 'Download unsigned: 0.15 BTC to Cy Ng' });
    expect(download).toBeDisabled();
    expect(download).toHaveAccessibleDescription('Being prepared by the signer.');

    const checking = rowOf('po4');
    expect(within(checking).getByText('Signed transaction uploaded: checking…')).toBeInTheDocument();
    expect(within(checking).getByRole('button', { name: /^Upload signed/ })).toBeDisabled();
    // The refusal was of an earlier upload: the one being checked replaces it.
    expect(within(checking).queryByText(/refused/)).not.toBeInTheDocument();

    expect(within(rowOf('po5')).getByText('Last upload refused: Signed by another key: the inputs are not the hot wallet\'s')).toBeInTheDocument();
    expect(within(ready).queryByText(/refused|checking|prepared/)).not.toBeInTheDocument();
  });

  it('downloads the unsigned transaction as a file under the server\'s name; a failure says why', async () => {
    const downloads = captureDownloads();
    await open();
    http.on('GET /api/admin/payouts/:id/unsigned', fail(409, 'The payout is no longer waiting for an offline signature', 'CONFLICT'));
    await userEvent.click(within(rowOf('po2')).getByRole('button', { name: /^Download unsigned/ }));
    await findErrorToast('The payout is no longer waiting for an offline signature');
    expect(downloads.names).toEqual([]);

    http.on('GET /api/admin/payouts/:id/unsigned', ok({ format: 'evm', filename: 'payout-po2-unsigned.txt', unsigned: EVM_TX }));
    await userEvent.click(within(rowOf('po2')).getByRole('button', { name: /^Download unsigned/ }));
    await findSuccessToast('Saved payout-po2-unsigned.txt: sign it offline, then upload the signed transaction.');
    expect(downloads.names).toEqual(['payout-po2-unsigned.txt']);
    expect(downloads.files).toHaveLength(1);
    expect(await downloads.files[0]?.text()).toBe(EVM_TX);
    expect(http.calls('GET /api/admin/payouts/:id/unsigned').map((r) => r.path)).toEqual(['/api/admin/payouts/po2/unsigned', '/api/admin/payouts/po2/unsigned']);
  });

  it('uploads a signed PSBT file (a binary one in base64): the body sent, the server\'s message, the payouts read again', async () => {
    await open();
    const user = userEvent.setup();
    http.on('POST /api/admin/payouts/:id/signed', ok(undefined, 'Received: the signer checks it before it is sent.'));
    await user.click(within(rowOf('po5')).getByRole('button', { name: 'Upload signed: 0.11666666 BTC to Bo Li' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload signed transaction' });
    expect(within(dialog).getByText(/The signed PSBT/)).toBeInTheDocument();
    // The whole destination, to compare with what the offline wallet shows.
    expect(within(dialog).getByText('bc1qjanepayoutaddress0000000000000000xyz')).toBeInTheDocument();

    // BIP174's magic bytes, then a little more: what an offline wallet saves.
    const binary = new Uint8Array([0x70, 0x73, 0x62, 0x74, 0xff, 0x01, 0x00]);
    await user.upload(within(dialog).getByLabelText('Signed file'), new File([binary], 'payout-po5.psbt', { type: 'application/octet-stream' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Signed transaction')).toHaveValue('cHNidP8BAA=='));

    http.on(OVERVIEW, ok({ ...full, payouts: PAYOUTS.map((p) => (p.id === 'po5' ? { ...p, offline: offline({ uploaded: true }) } : p)) }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await findSuccessToast('Received: the signer checks it before it is sent.');
    expect(http.calls('POST /api/admin/payouts/:id/signed').map((r) => [r.path, r.body])).toEqual([['/api/admin/payouts/po5/signed', { signed: 'cHNidP8BAA==' }]]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(http.calls(OVERVIEW).length).toBeGreaterThanOrEqual(2);
    expect(await within(rowOf('po5')).findByText('Signed transaction uploaded: checking…')).toBeInTheDocument();
  });

  it('uploads a pasted transaction; a refusal keeps the dialog open with the server\'s reason; nothing is sent empty', async () => {
    await open();
    const user = userEvent.setup();
    await user.click(within(rowOf('po2')).getByRole('button', { name: /^Upload signed/ }));
    const dialog = screen.getByRole('dialog', { name: 'Upload signed transaction' });
    expect(within(dialog).getByText(/0x hex/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await findErrorToast('Choose the signed file or paste the signed transaction.');
    expect(within(dialog).getByLabelText('Signed transaction')).toHaveFocus();

    http.on('POST /api/admin/payouts/:id/signed', fail(422, 'The signed transaction does not spend what the unsigned one did', 'PAYOUT_SIGNATURE_REFUSED'));
    await user.click(within(dialog).getByLabelText('Signed transaction'));
    await user.paste(`  ${EVM_TX}\n`);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await findErrorToast('The signed transaction does not spend what the unsigned one did');
    expect(screen.getByRole('dialog', { name: 'Upload signed transaction' })).toBeInTheDocument();

    http.on('POST /api/admin/payouts/:id/signed', networkError);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await findErrorToast('Failed to upload the signed transaction.');
    expect(http.calls('POST /api/admin/payouts/:id/signed').map((r) => [r.path, r.body])).toEqual([
      ['/api/admin/payouts/po2/signed', { signed: EVM_TX }],
      ['/api/admin/payouts/po2/signed', { signed: EVM_TX }],
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('on a phone, each payout is a card with its offline buttons', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined })) as unknown as typeof window.matchMedia;
    try {
      http = stubHttp({ [OVERVIEW]: ok(full) });
      renderWithProviders(<PayoutsScreen />, { route: '/admin/payouts' });
      const list = await screen.findByRole('list', { name: 'Open and recent payouts' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(PAYOUTS.length);
      expect(within(cards[1] as HTMLElement).getByRole('button', { name: 'Download unsigned: 0.75 ETH to Bo Li' })).toBeEnabled();
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('shows the server\'s message when the payouts cannot be read, else its own', async () => {
    http = stubHttp({ [OVERVIEW]: fail(503, 'Payouts are off (CHAIN_PAYOUTS)') });
    renderWithProviders(<PayoutsScreen />, { route: '/admin/payouts' });
    expect(await screen.findByText('Payouts are off (CHAIN_PAYOUTS)')).toBeInTheDocument();
    http.on(OVERVIEW, networkError);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Failed to fetch the payouts.')).toBeInTheDocument();
  });
});

describe('PayoutsScreen refreshes', () => {
  it('every 5 s while the page is visible, not while it is hidden, and when the window gets the focus back', async () => {
    jest.useFakeTimers();
    try {
      http = stubHttp({ [OVERVIEW]: ok(full) });
      renderWithProviders(<PayoutsScreen />, { route: '/admin/payouts' });
      await screen.findByRole('table', { name: 'Open and recent payouts' });
      expect(http.calls(OVERVIEW)).toHaveLength(1);

      http.on(OVERVIEW, ok({ ...full, alerts: [] }));
      await act(() => jest.advanceTimersByTimeAsync(5_000));
      expect(http.calls(OVERVIEW)).toHaveLength(2);
      await waitFor(() => expect(screen.queryByText('No signer has reported for 10 minutes.')).not.toBeInTheDocument());

      act(() => focusManager.setFocused(false));
      await act(() => jest.advanceTimersByTimeAsync(20_000));
      expect(http.calls(OVERVIEW)).toHaveLength(2);
      // Back to the window: read at once, though the last read is only seconds old.
      await act(async () => focusManager.setFocused(true));
      await waitFor(() => expect(http.calls(OVERVIEW)).toHaveLength(3));
    } finally {
      act(() => focusManager.setFocused(undefined));
      jest.useRealTimers();
    }
  });
});
