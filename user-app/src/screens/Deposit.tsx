import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, Modal, FormStack, Heading, Muted, Page } from '@halcyon/shared-ui';
import { toast } from '@halcyon/shared-ui/toast';
import { parseUsdAmount } from '@halcyon/api-client/model';
import { useProfileQuery } from '@halcyon/api-client/react';
import { AssetList } from '../features/assets/AssetList';
import { BackLink } from '../features/navigation/BackLink';
import { ProfileState } from '../features/profile/ProfileState';
import { AmountInput } from '../lib/AmountInput';
import { assetByAbbr, type AssetInfo } from '../lib/assets';
import { saveSelectedAsset } from '../lib/selectedAsset';

/** /user/deposit: pick an asset to fund, enter the amount, continue to payment information. */
export default function Deposit() {
  const query = useProfileQuery();
  const navigate = useNavigate();
  const [asset, setAsset] = useState<AssetInfo | null>(null);
  const [amount, setAmount] = useState('');

  const close = () => {
    setAsset(null);
    setAmount('');
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!asset || !assetByAbbr(asset.abbr)) {
      toast.error('Please select a valid asset.');
      return;
    }
    const value = parseUsdAmount(amount);
    if (value === null) {
      toast.error('Please enter an amount.');
      return;
    }
    saveSelectedAsset({ name: asset.name, abbr: asset.abbr, otheAbbr: asset.otheAbbr, amount: value });
    navigate('/user/payment-info');
  };

  return (
    <Page>
      <BackLink />
      <Heading>Deposit</Heading>
      <Muted>Choose the asset to fund.</Muted>
      <ProfileState query={query} />
      <AssetList
        profile={query.data ?? null}
        action={(a) => (
          <Button size="small" onClick={() => setAsset(a)}>
            Fund
          </Button>
        )}
      />
      <Modal
        open={asset !== null}
        title={asset ? `Fund ${asset.name}` : 'Fund'}
        onClose={close}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Close
            </Button>
            <Button onClick={() => submit()}>
              Deposit now
            </Button>
          </>
        }
      >
        <FormStack id="deposit-form" onSubmit={submit} noValidate>
          <AmountInput value={amount} onChange={setAmount} autoFocus />
        </FormStack>
      </Modal>
    </Page>
  );
}
