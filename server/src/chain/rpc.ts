// JSON-RPC over HTTP to a node (Bitcoin Core's and Ethereum's dialects are both served by this):
// every answer is checked before it is used, so a node that is down, slow or answers garbage
// is a clear NodeError, never a credit.

/** A node that could not be asked or answered something unusable; the follower retries later. */
export class NodeError extends Error {
  override name = 'NodeError';
}

export interface RpcClient {
  call(method: string, params?: unknown[]): Promise<unknown>;
  /** Several calls in one request (JSON-RPC batch), answers in the order asked. */
  batch(calls: { method: string; params?: unknown[] }[]): Promise<unknown[]>;
  /** The URL without its credentials, for logs and errors. */
  readonly label: string;
}

interface RpcAnswer {
  id?: unknown;
  result?: unknown;
  error?: { code?: number; message?: string } | null;
}

const isAnswer = (v: unknown): v is RpcAnswer => typeof v === 'object' && v !== null && ('result' in v || 'error' in v);

/** A client for `url` (credentials in the URL become Basic auth: Bitcoin Core's rpcuser). */
export function rpcClient(url: string, timeoutMs = 10_000): RpcClient {
  const parsed = new URL(url);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (parsed.username || parsed.password) {
    headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`).toString('base64')}`;
    parsed.username = '';
    parsed.password = '';
  }
  const endpoint = parsed.toString();
  const label = `${parsed.protocol}//${parsed.host}`;

  async function post(body: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new NodeError(`${label} cannot be reached: ${error instanceof Error ? error.message : String(error)}`);
    }
    const text = await response.text().catch(() => '');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new NodeError(`${label} answered ${response.status} with something that is not JSON: ${text.slice(0, 120)}`);
    }
    return json;
  }

  function unwrap(method: string, answer: unknown): unknown {
    if (!isAnswer(answer)) throw new NodeError(`${label} answered ${method} with no result`);
    if (answer.error) throw new NodeError(`${label} refused ${method}: ${answer.error.message ?? JSON.stringify(answer.error)}`);
    return answer.result;
  }

  return {
    label,
    async call(method, params = []) {
      return unwrap(method, await post({ jsonrpc: '2.0', id: 1, method, params }));
    },
    async batch(calls) {
      if (!calls.length) return [];
      const answers = await post(calls.map((c, id) => ({ jsonrpc: '2.0', id, method: c.method, params: c.params ?? [] })));
      if (!Array.isArray(answers) || answers.length !== calls.length) throw new NodeError(`${label} answered a batch of ${calls.length} with something else`);
      const byId = new Map(answers.map((a: RpcAnswer) => [a?.id, a]));
      return calls.map((c, id) => unwrap(c.method, byId.get(id)));
    },
  };
}

// Checks of what a node answered: a wrong type is the node's fault, named as such.

export function text(v: unknown, what: string): string {
  if (typeof v !== 'string' || !v) throw new NodeError(`the node gave no ${what}`);
  return v;
}

export function hex(v: unknown, what: string): string {
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]*$/.test(v)) throw new NodeError(`the node gave a ${what} that is not hex: ${String(v).slice(0, 80)}`);
  return v.toLowerCase();
}

export function quantity(v: unknown, what: string): bigint {
  return BigInt(hex(v, what) === '0x' ? '0x0' : hex(v, what));
}

export function whole(v: unknown, what: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw new NodeError(`the node gave a ${what} that is not a whole number: ${String(v).slice(0, 80)}`);
  return v;
}

export function record(v: unknown, what: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new NodeError(`the node gave no ${what}`);
  return v as Record<string, unknown>;
}

export function list(v: unknown, what: string): unknown[] {
  if (!Array.isArray(v)) throw new NodeError(`the node gave no list of ${what}`);
  return v;
}
