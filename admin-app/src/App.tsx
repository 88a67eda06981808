import { Navigate, Route, Routes } from 'react-router';
import { ThemeScope } from '@halcyon/shared-ui';
import { lazyRetried } from '@halcyon/app-kit';
import { AdminLayout } from './layout/AdminLayout';

// One chunk per screen: the shell loads only the screen an admin opens.
const loaders = {
  overview: () => import('./screens/OverviewScreen'),
  allusers: () => import('./screens/AllUsersScreen'),
  updatedtraders: () => import('./screens/UpdateTradersScreen'),
  alltraders: () => import('./screens/AllTradersScreen'),
  createplan: () => import('./screens/CreatePlanScreen'),
  plans: () => import('./screens/PlansScreen'),
  'pending-deposit': () => import('./screens/PendingDepositsScreen'),
  'deposit-history': () => import('./screens/DepositHistoryScreen'),
  'withdraw-history': () => import('./screens/WithdrawHistoryScreen'),
  'pending-withdraw': () => import('./screens/PendingWithdrawalsScreen'),
  investments: () => import('./screens/InvestmentsScreen'),
  'update-wallets': () => import('./screens/UpdateWalletsScreen'),
  'active-investment': () => import('./screens/ActiveInvestmentsScreen'),
  'pending-investment': () => import('./screens/PendingInvestmentsScreen'),
  'processed-investment': () => import('./screens/ProcessingInvestmentsScreen'),
  'top-earnings': () => import('./screens/TopEarningsScreen'),
  'earning-history': () => import('./screens/EarningHistoryScreen'),
  'all-history': () => import('./screens/AllHistoryScreen'),
  invites: () => import('./screens/InvitesScreen'),
  jobs: () => import('./screens/BackgroundJobsScreen'),
  chain: () => import('./screens/ChainScreen'),
  payouts: () => import('./screens/PayoutsScreen'),
  security: () => import('./screens/SecurityScreen'),
};
const screens = Object.entries(loaders).map(([path, load]) => [path, lazyRetried(load)] as const);

// The opened screen's chunk starts downloading with this module, not after the layout has rendered.
const opened = window.location.pathname.split('/')[2];
if (opened && opened in loaders) void loaders[opened as keyof typeof loaders]().catch(() => undefined);

/** The /admin/* routes the shell mounts (paths relative to /admin). */
export default function App() {
  return (
    <ThemeScope>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<Navigate to="overview" replace />} />
          {screens.map(([path, Screen]) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
          {/* Absolute: a relative path inside a splat route would resolve below the unknown path and loop. */}
          <Route path="*" element={<Navigate to="/admin/overview" replace />} />
        </Route>
      </Routes>
    </ThemeScope>
  );
}
