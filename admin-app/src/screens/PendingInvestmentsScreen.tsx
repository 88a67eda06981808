import { InvestmentsView } from '../features/investments/InvestmentsView';

export default function PendingInvestmentsScreen() {
  return <InvestmentsView title="Pending Investments" status="pending" actions={['approve', 'processing']} />;
}
