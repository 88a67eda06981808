import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AdminLayout } from './layout/AdminLayout';

// One chunk per screen: the shell loads only the screen an admin opens.
const screens = {
  overview: lazy(() => import('./screens/OverviewScreen')),
  allusers: lazy(() => import('./screens/AllUsersScreen')),
  updatedtraders: lazy(() => import('./screens/UpdateTradersScreen')),
  alltraders: lazy(() => import('./screens/AllTradersScreen')),
  createplan: lazy(() => import('./screens/CreatePlanScreen')),
  plans: lazy(() => import('./screens/PlansScreen')),
  'pending-deposit': lazy(() => import('./screens/PendingDepositsScreen')),
  'deposit-history': lazy(() => import('./screens/DepositHistoryScreen')),
  'withdraw-history': lazy(() => import('./screens/WithdrawHistoryScreen')),
  'pending-withdraw': lazy(() => import('./screens/PendingWithdrawalsScreen')),
  investments: lazy(() => import('./screens/InvestmentsScreen')),
  'update-wallets': lazy(() => import('./screens/UpdateWalletsScreen')),
  'active-investment': lazy(() => import('./screens/ActiveInvestmentsScreen')),
  'pending-investment': lazy(() => import('./screens/PendingInvestmentsScreen')),
  'processed-investment': lazy(() => import('./screens/ProcessingInvestmentsScreen')),
  'top-earnings': lazy(() => import('./screens/TopEarningsScreen')),
  'earning-history': lazy(() => import('./screens/EarningHistoryScreen')),
  'all-history': lazy(() => import('./screens/AllHistoryScreen')),
  invites: lazy(() => import('./screens/InvitesScreen')),
  jobs: lazy(() => import('./screens/BackgroundJobsScreen')),
  security: lazy(() => import('./screens/SecurityScreen')),
};

/** The /admin/* routes the shell mounts (paths relative to /admin). */
export default function App() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<Navigate to="overview" replace />} />
        {Object.entries(screens).map(([path, Screen]) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
        {/* Absolute: a relative path inside a splat route would resolve below the unknown path and loop. */}
        <Route path="*" element={<Navigate to="/admin/overview" replace />} />
      </Route>
    </Routes>
  );
}
