import type { ReactNode } from 'react';
import { Input } from '@halcyon/shared-ui';

/** The USD amount of a deposit, investment or withdrawal (cents; parsed with api-client's parseUsdAmount). */
export function AmountInput({ value, onChange, hint, error, autoFocus }: { value: string; onChange: (value: string) => void; hint?: ReactNode; error?: string | undefined; autoFocus?: boolean }) {
  return <Input label="Amount (USD)" name="amount" type="number" min="0" step="0.01" value={value} onChange={onChange} placeholder="0.00" hint={hint} error={error ?? null} autoFocus={autoFocus} />;
}
