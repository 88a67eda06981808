// JSON-RPC over HTTP for both kinds of node: Anvil (JSON-RPC 2.0) and litecoind (Bitcoin Core's
// JSON-RPC 1.0 dialect, Basic auth). fetch refuses a URL with credentials in it, so the
// `user:password@` of a Bitcoin Core URL becomes an Authorization header here.

export class RpcError extends Error {
  constructor(
    readonly method: string,
    readonly code: number | undefined,
    message: string,
  ) {
    super(`${method}: ${message}`);
    this.name = 'RpcError';
  }
}

let nextId = 1;

/** `url` without its credentials, and the Basic Authorization header they make (if any). */
function splitRpcUrl(url: string): { url: string; headers: Record<string, string> } {
  const parsed = new URL(url);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (parsed.username || parsed.password) {
    const user = decodeURIComponent(parsed.username);
    const password = decodeURIComponent(parsed.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    parsed.username = '';
    parsed.password = '';
  }
  return { url: parsed.toString(), headers };
}

interface RpcReply {
  result?: unknown;
  error?: { code?: number; message?: string } | null;
}

/**
 * One call. The answer is returned as `T` unchecked: callers name the shape the node documents.
 * Bitcoin Core answers errors with HTTP 500 (or 404 for an unknown wallet) and a JSON body, so the
 * body is read whatever the status.
 */
export async function jsonRpc<T>(url: string, method: string, params: readonly unknown[] = [], timeoutMs = 30_000): Promise<T> {
  const target = splitRpcUrl(url);
  const res = await fetch(target.url, {
    method: 'POST',
    headers: target.headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }, (_key, value: unknown) =>
      typeof value === 'bigint' ? `0x${value.toString(16)}` : value,
    ),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let reply: RpcReply;
  try {
    reply = JSON.parse(text) as RpcReply;
  } catch {
    throw new RpcError(method, undefined, `HTTP ${res.status}: ${text.slice(0, 200) || res.statusText}`);
  }
  if (reply.error) throw new RpcError(method, reply.error.code, reply.error.message ?? JSON.stringify(reply.error));
  if (!res.ok) throw new RpcError(method, undefined, `HTTP ${res.status}`);
  return reply.result as T;
}

/**
 * A Bitcoin Core RPC call on `rpcUrl` (the node's URL with `user:password@`); with `wallet`, on
 * that wallet's endpoint (`/wallet/<name>`).
 */
export function bitcoinRpc<T>(rpcUrl: string, method: string, params: readonly unknown[] = [], wallet?: string): Promise<T> {
  const url = wallet === undefined ? rpcUrl : new URL(`/wallet/${encodeURIComponent(wallet)}`, rpcUrl).toString();
  return jsonRpc<T>(url, method, params);
}
