import { defineRoute, feature } from '../../http/define-route';
import { createWalletAddress, updateWalletAddress, walletAddresses } from '../../services/wallet-addresses';

export default feature(
  defineRoute('getWalletAddresses', async ({ db }) => ({ data: await walletAddresses(db) })),
  defineRoute('createWalletAddress', async ({ body, db }) => ({ data: await createWalletAddress(db, body), message: 'Wallet addresses created!' })),
  defineRoute('updateWalletAddress', async ({ params, body, db }) => ({ data: await updateWalletAddress(db, params.id, body), message: 'Wallet addresses updated!' })),
);
