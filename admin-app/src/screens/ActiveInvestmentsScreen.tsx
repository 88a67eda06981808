import { InvestmentsView } from '../features/investments/InvestmentsView';

export default function ActiveInvestmentsScreen() {
  return <InvestmentsView title="Active Investments" status="approved" actions={['stop', 'processing']} />;
}
