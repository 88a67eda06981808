// What the federation shares as `react-router` (and `react-router-dom`): only the names our apps
// use. A shared module is provided whole (any remote may ask for any export), so sharing the
// package itself ships all of it, server helpers included (~60 KB gzip); re-exporting a list lets
// the bundler drop the rest (shell/src/federation/routerExports.test.ts keeps the list complete).
// `react-router-impl` is an alias for the package's ESM build (mf-shared.cjs): importing
// 'react-router' here would resolve to this module itself through the share.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  createSearchParams,
  generatePath,
  matchPath,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutletContext,
  useParams,
  useResolvedPath,
  useSearchParams,
} from 'react-router-impl';
