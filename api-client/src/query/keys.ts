import type { EndpointName } from '../contract/endpoints';
import { endpoints, type Caller } from '@halcyon/api-client/http';

/**
 * Query keys: `[scope, endpoint, input]`, where the scope is whose session the data belongs to
 * ('user', 'admin' or 'public'), so ending a session drops exactly its data.
 */
export type QueryScope = Caller | 'public';

export function scopeOf(name: EndpointName, as?: Caller): QueryScope {
  const access = endpoints[name].access;
  if (access === 'none') return 'public';
  if (access === 'user' || access === 'admin') return access;
  if (as) return as;
  const inAdmin = typeof window !== 'undefined' && window.location.pathname.startsWith('/admin');
  return inAdmin ? 'admin' : 'user';
}

export function queryKey(name: EndpointName, input?: unknown, as?: Caller): readonly unknown[] {
  return input === undefined ? [scopeOf(name, as), name] : [scopeOf(name, as), name, input];
}
