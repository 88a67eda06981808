import { Navigate, Route, Routes } from 'react-router';
import { ThemeScope } from '@halcyon/shared-ui';
import { lazyRetried } from '@halcyon/app-kit';
import { UserLayout } from './layout/UserLayout';
import Dashboard from './screens/Dashboard';

// Every screen but the dashboard is its own chunk (bundle budget: the dashboard loads first),
// retried when it fails to load (a deploy in flight, a dropped connection).
const Withdraw = lazyRetried(() => import('./screens/Withdraw'));
const Invest = lazyRetried(() => import('./screens/Invest'));
const Deposit = lazyRetried(() => import('./screens/Deposit'));
const PaymentInfo = lazyRetried(() => import('./screens/PaymentInfo'));
const Transactions = lazyRetried(() => import('./screens/Transactions'));
const Profile = lazyRetried(() => import('./screens/Profile'));
const Settings = lazyRetried(() => import('./screens/Settings'));
const Market = lazyRetried(() => import('./screens/Market'));
const InvestmentLog = lazyRetried(() => import('./screens/InvestmentLog'));
const CopyTrading = lazyRetried(() => import('./screens/CopyTrading'));
const BalanceProof = lazyRetried(() => import('./screens/BalanceProof'));
const Statement = lazyRetried(() => import('./screens/Statement'));
const Security = lazyRetried(() => import('./screens/Security'));

/** The /user/* routes, relative to where the shell (or standalone.tsx) mounts them. */
export default function App() {
  return (
    <ThemeScope>
      <Routes>
        <Route element={<UserLayout />}>
          <Route index element={<Navigate to="main" replace />} />
          <Route path="main" element={<Dashboard />} />
          <Route path="withdraw" element={<Withdraw />} />
          <Route path="invest" element={<Invest />} />
          <Route path="deposit" element={<Deposit />} />
          <Route path="payment-info" element={<PaymentInfo />} />
          <Route path="transactions" element={<Transactions />} />
          <Route path="profile" element={<Profile />} />
          <Route path="setting" element={<Settings />} />
          <Route path="market" element={<Market />} />
          <Route path="investment-log" element={<InvestmentLog />} />
          <Route path="copy-trading" element={<CopyTrading />} />
          <Route path="proof" element={<BalanceProof />} />
          <Route path="statement" element={<Statement />} />
          <Route path="security" element={<Security />} />
          <Route path="*" element={<Navigate to="main" replace />} />
        </Route>
      </Routes>
    </ThemeScope>
  );
}
