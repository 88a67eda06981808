import { InvestmentsView } from '../features/investments/InvestmentsView';

export default function ProcessingInvestmentsScreen() {
  return <InvestmentsView title="Processing Investments" status="processing" actions={['approve']} />;
}
