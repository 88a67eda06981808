import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { Button, ErrorState, Input, Loading, Modal, Select, formatMoney, toast } from '@halcyon/shared-ui';
import { api, errorMessage, parseUsdAmount, planRangeProblem, userSessionAtom, type Plan } from '@halcyon/api-client';
import { AssetList } from '../features/assets/AssetList';
import { BackLink } from '../features/navigation/BackLink';
import type { AssetInfo } from '../lib/assets';
import { useProfile } from '../lib/useProfile';
import { FormStack, Heading, Muted, Page } from '../lib/ui';

const planLabel = (p: Plan) => `${p.name ?? 'Plan'}: ${formatMoney(p.minAmount)} to ${formatMoney(p.maxAmount)}, ${p.returns}% in ${p.duration} days`;

/** /user/invest (Trade): choose an asset, a plan and an amount. */
export default function Invest() {
  const { profile, loading, error, reload } = useProfile();
  const setSession = useSetAtom(userSessionAtom);
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [asset, setAsset] = useState<AssetInfo | null>(null);
  const [planId, setPlanId] = useState('');
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);

  const loadPlans = useCallback(async () => {
    const id = toast.loading('Fetching plans...');
    try {
      const res = await api.getPlans();
      setPlans(res.data);
      toast.dismiss(id);
    } catch (err) {
      setPlans([]);
      toast.error(errorMessage(err, 'Failed to fetch plans.'), { id });
    }
  }, []);
  useEffect(() => {
    void loadPlans();
  }, [loadPlans]);

  // The server answers an investor with the plans on offer to them (public ones and their own).
  const offered = plans ?? [];
  const selectedPlan = offered.find((p) => p.id === planId);

  const close = () => {
    setAsset(null);
    setPlanId('');
    setAmount('');
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const plan = selectedPlan;
    const value = parseUsdAmount(amount);
    if (!asset || !plan || value === null) {
      toast.error('Please select an asset, plan, and enter a valid amount.');
      return;
    }
    const outOfRange = planRangeProblem(plan, value);
    if (outOfRange) {
      toast.error(outOfRange);
      return;
    }
    setBusy(true);
    const id = toast.loading('Please wait while your investment is going through...');
    try {
      const res = await api.createInvestment({ body: { plan_id: plan.id, amount: value, method: asset.otheAbbr } });
      setSession((s) => ({ ...s, investment: [...s.investment, res.data] }));
      toast.success('Investment successful!', { id });
      close();
      void reload();
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to invest.'), { id });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page>
      <BackLink />
      <Heading>Trade</Heading>
      <Muted>Choose the asset to invest from, then a plan.</Muted>
      {loading && !profile ? <Loading /> : null}
      {error ? <ErrorState message={error} onRetry={() => void reload()} /> : null}
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
            <Button onClick={() => void submit()} loading={busy}>
              Invest
            </Button>
          </>
        }
      >
        <FormStack id="invest-form" onSubmit={(e) => void submit(e)} noValidate>
          {plans === null ? (
            <Loading label="Fetching plans..." />
          ) : offered.length === 0 ? (
            <Muted>No plans are available right now.</Muted>
          ) : (
            <Select label="Plan" name="plan" placeholder="Select a plan" value={planId} onChange={setPlanId} options={offered.map((p) => ({ value: p.id, label: planLabel(p) }))} />
          )}
          <Input
            label="Amount (USD)"
            name="amount"
            type="number"
            min="0"
            step="0.01"
            value={amount}
            onChange={setAmount}
            placeholder="0.00"
            hint={selectedPlan ? `Between ${formatMoney(selectedPlan.minAmount)} and ${formatMoney(selectedPlan.maxAmount)}, ${selectedPlan.returns}% after ${selectedPlan.duration} days` : undefined}
          />
        </FormStack>
      </Modal>
    </Page>
  );
}
