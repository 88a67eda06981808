import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ThemeScope } from '@halcyon/shared-ui';
import { UserLayout } from './layout/UserLayout';
import Dashboard from './screens/Dashboard';

// Every screen but the dashboard is its own chunk (bundle budget: the dashboard loads first).
const Withdraw = lazy(() => import('./screens/Withdraw'));
const Invest = lazy(() => import('./screens/Invest'));
const Deposit = lazy(() => import('./screens/Deposit'));
const PaymentInfo = lazy(() => import('./screens/PaymentInfo'));
const Transactions = lazy(() => import('./screens/Transactions'));
const Profile = lazy(() => import('./screens/Profile'));
const Settings = lazy(() => import('./screens/Settings'));
const Market = lazy(() => import('./screens/Market'));
const InvestmentLog = lazy(() => import('./screens/InvestmentLog'));
const CopyTrading = lazy(() => import('./screens/CopyTrading'));
const BalanceProof = lazy(() => import('./screens/BalanceProof'));
const Statement = lazy(() => import('./screens/Statement'));
const Security = lazy(() => import('./screens/Security'));

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
