import { defineRoute, feature } from '../../http/define-route';
import { createWalletAddress, updateWalletAddress, walletAddresses } from '../../services/wallet-addresses';

export default feature(
  defineRoute('getWalletAddresses', async ({ auth, db, deps }) => ({ data: await walletAddresses(db, deps.chains, auth.role) })),
  defineRoute('createWalletAddress', async ({ body, db, deps }) => ({ data: await createWalletAddress(db, deps.chains.bitcoinNetwork, body), message: 'Wallet addresses created!' })),
  defineRoute('updateWalletAddress', async ({ params, body, db, deps }) => ({
    data: await updateWalletAddress(db, deps.chains.bitcoinNetwork, params.id, body),
    message: 'Wallet addresses updated!',
  })),
);
