import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router';
import { adminSessionAtom, userSessionAtom } from '@halcyon/api-client/http';

const LOGIN_PATH = { user: '/auth/login', admin: '/admin-auth/admin-login' } as const;

/**
 * Renders its children only with a token of that kind; else sends the person to the right login.
 * It subscribes to the session atom, so a logout inside a remote (clear*SessionAtom) or a 401
 * that clears the session redirects at once.
 */
export function RequireSession({ kind, children }: { kind: 'user' | 'admin'; children: ReactNode }) {
  const userToken = useAtomValue(userSessionAtom).token;
  const adminToken = useAtomValue(adminSessionAtom).token;
  const location = useLocation();
  const token = kind === 'user' ? userToken : adminToken;
  if (!token) return <Navigate to={LOGIN_PATH[kind]} replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}
