import { useState } from 'react';
import { Button, Loading, LoadMore, Modal, Select, formatMoney, FormStack, Heading, Muted, Page } from '@halcyon/shared-ui';
import { toast } from '@halcyon/shared-ui/toast';
import { parseUsdAmount, planRangeProblem, type Plan } from '@halcyon/api-client/model';
import { useApiMutation, useApiPages, useProfileQuery } from '@halcyon/api-client/react';
import { AssetList } from '../features/assets/AssetList';
import { BackLink } from '../features/navigation/BackLink';
import { ProfileState } from '../features/profile/ProfileState';
import { AmountInput } from '../lib/AmountInput';
import type { AssetInfo } from '../lib/assets';
import { useToastForm } from '@halcyon/app-kit';
import { useReadToasts } from '../lib/useReadToasts';

const planLabel = (p: Plan) => `${p.name ?? 'Plan'}: ${formatMoney(p.minAmount)} to ${formatMoney(p.maxAmount)}, ${p.returns}% in ${p.duration} days`;

/** /user/invest (Trade): choose an asset, a plan and an amount. */
export default function Invest() {
  const query = useProfileQuery();
  const profile = query.data ?? null;
  // The first page of plans, more on request.
  const plansQuery = useApiPages('getPlans');
  useReadToasts(plansQuery, 'Failed to fetch plans.', 'Fetching plans...');
  // No plans to offer when they could not be read (the toast said why); null while they load.
  const plans = plansQuery.data ?? (plansQuery.error ? [] : null);
  const investment = useApiMutation('createInvestment', { invalidates: ['getProfile', 'getInvestments', 'getTransactions'] });
  const [asset, setAsset] = useState<AssetInfo | null>(null);
  const [planId, setPlanId] = useState('');
  const [amount, setAmount] = useState('');

  // The server answers an investor with the plans on offer to them (public ones and their own).
  const offered = plans ?? [];
  const selectedPlan = offered.find((p) => p.id === planId);

  const close = () => {
    setAsset(null);
    setPlanId('');
    setAmount('');
  };

  const value = parseUsdAmount(amount);
  const problem = !asset || !selectedPlan || value === null ? 'Please select an asset, plan, and enter a valid amount.' : planRangeProblem(selectedPlan, value);
  const { busy, onSubmit } = useToastForm({
    check: () => {
      if (problem) toast.error(problem);
      return problem === null;
    },
    toasts: { loading: 'Please wait while your investment is going through...', success: 'Investment successful!', failure: 'Failed to invest.' },
    request: async () => {
      // `check` has passed: this only narrows the types.
      if (!asset || !selectedPlan || value === null) throw new Error('checked');
      return investment.mutateAsync({ input: { body: { plan_id: selectedPlan.id, amount: value, method: asset.otheAbbr } } });
    },
    done: close,
  });

  return (
    <Page>
      <BackLink />
      <Heading>Trade</Heading>
      <Muted>Choose the asset to invest from, then a plan.</Muted>
      <ProfileState query={query} />
      <AssetList
        profile={profile}
        caption={() => "Available balance"}
        action={(a) => (
          <Button size="small" onClick={() => setAsset(a)}>
            Invest
          </Button>
        )}
      />
      <Modal
        open={asset !== null}
        title={asset ? `Invest with ${asset.name}` : 'Invest'}
        onClose={close}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Close
            </Button>
            <Button type="submit" form="invest-form" loading={busy}>
              Invest
            </Button>
          </>
        }
      >
        <FormStack id="invest-form" onSubmit={(e) => void onSubmit(e)} noValidate>
          {plans === null ? (
            <Loading label="Fetching plans..." />
          ) : offered.length === 0 ? (
            <Muted>No plans are available right now.</Muted>
          ) : (
            <Select label="Plan" name="plan" placeholder="Select a plan" value={planId} onChange={setPlanId} options={offered.map((p) => ({ value: p.id, label: planLabel(p) }))} />
          )}
          <LoadMore hasMore={plansQuery.hasNextPage} onLoadMore={plansQuery.fetchNextPage} loading={plansQuery.isFetchingNextPage} />
          <AmountInput
            value={amount}
            onChange={setAmount}
            hint={selectedPlan ? `Between ${formatMoney(selectedPlan.minAmount)} and ${formatMoney(selectedPlan.maxAmount)}, ${selectedPlan.returns}% after ${selectedPlan.duration} days` : undefined}
          />
        </FormStack>
      </Modal>
    </Page>
  );
}
