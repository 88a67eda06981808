import type { RemotePage } from '../app/AppRoutes';
import { RequireSession } from '../guards/RequireSession';
import { RemoteApp } from './RemoteApp';

/** A remote's page in the federated app: its App, behind a session of its kind. */
export const remotePage: RemotePage = ({ kind, remote }) => (
  <RequireSession kind={kind}>
    <RemoteApp name={remote} />
  </RequireSession>
);
