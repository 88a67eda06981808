import { useMemo } from 'react';
import { useMutation, useQueries, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { EndpointName } from '../contract/endpoints';
import type { ResponseOf } from '../contract/routes';
import { api, endpoints, type InputOf, errorMessage, type CallOptions, type Caller, sendWithPasskey, stepUpPasskey, takeArrivedEarlyRead, takeEarlyRead } from '@halcyon/api-client/http';
import { createIntentKey, endsIntent } from './intentKey';
import { queryKey } from './keys';

type ReadOptions<N extends EndpointName, T> = Omit<UseQueryOptions<ResponseOf<N>, Error, T>, 'queryKey' | 'queryFn'> & {
  /** Whose token an `any` route carries (see CallOptions.as). */
  as?: Caller;
};

type Fn<N extends EndpointName> = (input: InputOf<N> | undefined, options: CallOptions) => Promise<ResponseOf<N>>;

/**
 * One read of the contract through the shared cache: stale-while-revalidate, cancelled when the
 * screen leaves or the input changes (the request's AbortSignal), and never an older answer over
 * a newer one (each input has its own key).
 */
export function useApiQuery<N extends EndpointName, T = ResponseOf<N>>(name: N, input?: InputOf<N>, options: ReadOptions<N, T> = {}) {
  const { as, ...rest } = options;
  return useQuery<ResponseOf<N>, Error, T>({ ...readOf(name, input, as), ...rest });
}

/** The cache key and request of one read. */
export function readOf<N extends EndpointName>(name: N, input?: InputOf<N>, as?: Caller) {
  const fn = api[name] as unknown as Fn<N>;
  const early = input === undefined && !as;
  return {
    queryKey: queryKey(name, input, as),
    // A read the page began before this cache existed (http/early.ts) answers the first ask: as
    // the cache's first data when it has come, else as the first request's answer.
    initialData: () => (early ? (takeArrivedEarlyRead(name) as ResponseOf<N> | undefined) : undefined),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      ((early ? takeEarlyRead(name) : undefined) as Promise<ResponseOf<N>> | undefined) ?? fn(input, { signal, ...(as ? { as } : {}) }),
  };
}

/** Several reads of one endpoint side by side (e.g. one per asset), each cached and cancelled like useApiQuery. */
export function useApiQueries<N extends EndpointName>(name: N, inputs: readonly InputOf<N>[], { as, enabled }: { as?: Caller; enabled?: boolean } = {}) {
  return useQueries({
    queries: inputs.map((input) => ({ ...readOf(name, input, as), ...(enabled === undefined ? {} : { enabled }) })),
  });
}

/** What a screen shows for a read: the server's message when it sent one, else its fallback. */
export function queryError(query: { error: unknown }, fallback: string): string | null {
  return query.error ? errorMessage(query.error, fallback) : null;
}

/** Marks cached reads of these endpoints stale (refetching the ones on screen) after a change. */
export function useInvalidate() {
  const client = useQueryClient();
  return (...names: EndpointName[]) => Promise.all(names.map((name) => client.invalidateQueries({ predicate: (q) => q.queryKey[1] === name }))).then(() => undefined);
}

/**
 * A change through the contract: not retried automatically (money), and on success the reads it
 * names are invalidated so every screen showing them refreshes. A money endpoint (idempotent in
 * the contract) always carries the key of its intent (intentKey.ts): `intent` names the intent
 * when one screen can have several at once (e.g. the investment whose earnings are adjusted).
 * An admin money decision asks for a passkey when the server wants one (`decide` below).
 */
export function useApiMutation<N extends EndpointName>(
  name: N,
  { invalidates = [], as, intent }: { invalidates?: readonly EndpointName[]; as?: Caller; intent?: string } = {},
) {
  const invalidate = useInvalidate();
  const fn = api[name] as unknown as Fn<N>;
  const idempotent = 'idempotent' in endpoints[name];
  const decision = 'decision' in endpoints[name];
  const keys = useMemo(() => (idempotent ? createIntentKey(intent ? `${name}:${intent}` : name) : null), [idempotent, name, intent]);
  const send = async (input: InputOf<N> | undefined): Promise<ResponseOf<N>> => {
    const idempotencyKey = keys?.for(input ?? null);
    try {
      const result = await fn(input, { ...(as ? { as } : {}), ...(idempotencyKey ? { idempotencyKey } : {}) });
      keys?.done();
      return result;
    } catch (error) {
      if (endsIntent(error)) keys?.done();
      throw error;
    }
  };
  return useMutation<ResponseOf<N>, Error, { input?: InputOf<N> }>({
    mutationFn: ({ input }) => (decision ? decide(name, input, send) : send(input)),
    onSuccess: () => invalidate(...invalidates),
  });
}

/**
 * An admin money decision (`decision` in the contract): with REQUIRE_ADMIN_PASSKEY the server
 * answers 403 ADMIN_PASSKEY_REQUIRED; then a passkey confirms this decision (the step-up is bound
 * to the endpoint and the record) and it is sent once more with `{ passkey }` in its body. The
 * refusal ended the first request's intent, so an idempotent one goes again under a new key.
 */
function decide<N extends EndpointName>(name: N, input: InputOf<N> | undefined, send: (input: InputOf<N> | undefined) => Promise<ResponseOf<N>>) {
  const raw = (input ?? {}) as { params?: Record<string, unknown>; body?: Record<string, unknown> };
  // The record decided, as the server binds it: the path's id (earnings: the path's uid).
  const id = String(raw.params?.id ?? raw.params?.uid ?? '');
  return sendWithPasskey(
    (passkey) => send(passkey ? ({ ...raw, body: { ...raw.body, passkey } } as InputOf<N>) : input),
    () => stepUpPasskey({ purpose: 'decision', decision: { route: name, id } }, 'admin'),
    ['ADMIN_PASSKEY_REQUIRED'],
  );
}

/** The investor's profile (GET /user/profile), fetched once and shared by every screen. */
export function useProfileQuery() {
  return useApiQuery('getProfile', undefined, { select: (res) => res.data });
}
