import { InvestmentsView } from '../features/investments/InvestmentsView';

export default function InvestmentsScreen() {
  return <InvestmentsView title="Investments" actions={[]} />;
}
