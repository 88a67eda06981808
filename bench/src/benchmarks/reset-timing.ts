// Issue 30 item 4: can the timing of forgot_password tell an email with an account from one
// without? Requests for known and unknown emails, interleaved in random order, each followed at
// once by the next request an attacker would send (GET /api/health, which waits for the database
// like any request: on PGlite, behind whatever work the forgot_password left running). Reported:
// the medians per kind, and how often a threshold on each time, learnt on half the samples,
// names the kind of the other half (50 % is a coin toss).
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { callApi } from '@halcyon/test-kit';
import { registerInvestors } from '../lib/fixtures';
import { median } from './pgbench';

interface ResetSample {
  known: boolean;
  /** The forgot_password answer, ms. */
  answerMs: number;
  /** The request sent right after that answer arrived, ms. */
  nextMs: number;
}

interface ResetFeature {
  name: string;
  medianKnownMs: number;
  medianUnknownMs: number;
  /** Share of the test half a threshold learnt on the training half classifies right. */
  accuracy: number;
}

export interface ResetTiming {
  samples: ResetSample[];
  features: ResetFeature[];
}

interface Options {
  base: string;
  /** Requests measured, half for known emails and half for unknown ones. */
  rounds: number;
  /** Accounts whose emails are the known ones (used in turn). */
  accounts: number;
  /** Quiet time after each sample, so one sample's work does not run into the next. */
  pauseMs: number;
  log: (line: string) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const forgot = async (base: string, email: string) => {
  const res = await callApi(base, 'POST', '/auth/forgot_password', { body: { email } });
  if (res.status !== 200) throw new Error(`forgot_password answered ${res.status}: ${JSON.stringify(res.body)}`);
};
const health = async (base: string) => {
  const res = await callApi(base, 'GET', '/health');
  if (res.status !== 200) throw new Error(`health answered ${res.status}`);
};

/**
 * The threshold classifier: on `train`, the cut between two sorted values and the side ("known
 * is slower" or "faster") that names the most samples right; its accuracy on `test`.
 */
function thresholdAccuracy(train: Array<{ value: number; known: boolean }>, test: Array<{ value: number; known: boolean }>): number {
  const sorted = [...train].sort((a, b) => a.value - b.value);
  const cuts = [Number.NEGATIVE_INFINITY, ...sorted.slice(1).map((s, i) => (s.value + (sorted[i]?.value ?? s.value)) / 2)];
  const score = (set: typeof train, cut: number, knownAbove: boolean) => set.filter((s) => s.value > cut === (s.known === knownAbove)).length / set.length;
  let best = { cut: 0, knownAbove: true, score: -1 };
  for (const cut of cuts) {
    for (const knownAbove of [true, false]) {
      const s = score(sorted, cut, knownAbove);
      if (s > best.score) best = { cut, knownAbove, score: s };
    }
  }
  return score(test, best.cut, best.knownAbove);
}

export async function measureResetTiming(options: Options): Promise<ResetTiming> {
  const { base, rounds, accounts, pauseMs, log } = options;
  const tag = randomBytes(4).toString('hex');
  const known = (await registerInvestors(base, accounts, `reset-${tag}`)).map((i) => i.email);
  // Random order, half and half: a slow patch of the machine cannot favour one kind.
  const kinds = Array.from({ length: rounds }, (_, i) => i % 2 === 0);
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [kinds[i], kinds[j]] = [kinds[j] as boolean, kinds[i] as boolean];
  }
  const emailFor = (isKnown: boolean, i: number) => (isKnown ? (known[i % known.length] as string) : `nobody-${tag}-${i}@example.com`);
  log(`reset timing: ${accounts} accounts, warming up, then ${rounds} requests (known and unknown interleaved)…`);
  for (let i = 0; i < 20; i++) {
    await forgot(base, emailFor(i % 2 === 0, i));
    await health(base);
    await sleep(pauseMs);
  }
  const samples: ResetSample[] = [];
  for (const [i, isKnown] of kinds.entries()) {
    const answerMs = await timed(() => forgot(base, emailFor(isKnown, i)));
    const nextMs = await timed(() => health(base));
    samples.push({ known: isKnown, answerMs, nextMs });
    await sleep(pauseMs);
  }
  const feature = (name: string, value: (s: ResetSample) => number): ResetFeature => {
    const points = samples.map((s) => ({ value: value(s), known: s.known }));
    return {
      name,
      medianKnownMs: median(samples.filter((s) => s.known).map(value)),
      medianUnknownMs: median(samples.filter((s) => !s.known).map(value)),
      accuracy: thresholdAccuracy(
        points.filter((_p, i) => i % 2 === 0),
        points.filter((_p, i) => i % 2 === 1),
      ),
    };
  };
  return {
    samples,
    features: [
      feature('the answer', (s) => s.answerMs),
      feature('the next request', (s) => s.nextMs),
      feature('both together', (s) => s.answerMs + s.nextMs),
    ],
  };
}
