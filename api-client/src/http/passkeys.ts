import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { PasskeyChallenge } from '../contract/entities';
import type { PasskeyAssertion } from '../contract/requests';
import type { BodyOf } from '../contract/routes';
import { api } from './api';
import { ApiError, PasskeyError, type Caller } from './http';

// Passkeys in the browser (docs/security.md "Passkeys", "In the browser"): the server's WebAuthn
// options go to @simplewebauthn/browser as they are, and its answer goes back with the
// challenge's id. The library is loaded when a passkey is asked for, never with a page's first
// download; the login page's autofill uses the browser's own JSON helpers where it has them, so
// that page does not load it at all in current browsers.

type WebAuthn = typeof import('@simplewebauthn/browser');

let library: Promise<WebAuthn> | undefined;

function webauthn(): Promise<WebAuthn> {
  library ??= import('@simplewebauthn/browser').catch((error: unknown) => {
    library = undefined; // a failed download is tried again next time
    console.warn('[passkeys] could not load @simplewebauthn/browser', error);
    throw new PasskeyError('Could not load passkey support. Check your connection and try again.');
  });
  return library;
}

/** Whether this browser has WebAuthn at all (checked without loading the library). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** What the person sees when a ceremony gives no answer. */
function ceremonyError(error: unknown): PasskeyError {
  if (error instanceof PasskeyError) return error;
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'AbortError') return new PasskeyError('The passkey request was stopped.', true);
  if (!passkeysSupported()) return new PasskeyError('This browser cannot use passkeys.');
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return new PasskeyError('This device already holds a passkey for your account.');
  if (name === 'NotAllowedError') return new PasskeyError('The passkey request was cancelled or timed out.');
  console.warn('[passkeys] ceremony failed', error);
  return new PasskeyError('Your passkey could not be used. Try again.');
}

/** Asks the authenticator to answer a challenge the server issued: the assertion to send in `passkey`. */
export async function assertPasskey(challenge: PasskeyChallenge): Promise<PasskeyAssertion> {
  const { startAuthentication } = await webauthn();
  try {
    const response = await startAuthentication({ optionsJSON: challenge.options as unknown as PublicKeyCredentialRequestOptionsJSON });
    return { challengeId: challenge.challengeId, response: response as unknown as Record<string, unknown> };
  } catch (error) {
    throw ceremonyError(error);
  }
}

/** Signing in (or confirming a password reset) with a passkey: the server's challenge, then the assertion. */
export async function signInPasskey(body: BodyOf<'signInChallenge'>): Promise<PasskeyAssertion> {
  const { data } = await api.signInChallenge({ body });
  return assertPasskey(data);
}

/**
 * A passkey confirming one action of the signed-in caller: a security change, a withdrawal (its
 * method, amount and address as the request will carry them) or an admin decision.
 */
export async function stepUpPasskey(body: BodyOf<'stepUpChallenge'>, as?: Caller): Promise<PasskeyAssertion> {
  const { data } = await api.stepUpChallenge({ body }, as ? { as } : {});
  return assertPasskey(data);
}

/** Creates a passkey on this device for registration options: the response to send to registerPasskey. */
export async function createPasskey(challenge: PasskeyChallenge): Promise<Record<string, unknown>> {
  const { startRegistration } = await webauthn();
  try {
    const response = await startRegistration({ optionsJSON: challenge.options as unknown as PublicKeyCredentialCreationOptionsJSON });
    return response as unknown as Record<string, unknown>;
  } catch (error) {
    throw ceremonyError(error);
  }
}

/** The conditional request (passkey autofill) of one sign-in form, stopped by `signal`. */
type Conditional = (challenge: PasskeyChallenge, signal: AbortSignal) => Promise<Record<string, unknown>>;

/**
 * How this browser can offer passkeys in a field's autofill, or null when it cannot: with its own
 * WebAuthn JSON helpers (Chrome 129+, Firefox 119+, Safari 18.4+), else with the library.
 */
async function conditionalRequest(): Promise<Conditional | null> {
  const native = window.PublicKeyCredential as Partial<typeof PublicKeyCredential>;
  if (typeof native.parseRequestOptionsFromJSON === 'function' && typeof PublicKeyCredential.prototype.toJSON === 'function') {
    if (!(await native.isConditionalMediationAvailable?.())) return null;
    return async (challenge, signal) => {
      const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(challenge.options as unknown as Parameters<typeof PublicKeyCredential.parseRequestOptionsFromJSON>[0]);
      const credential = await navigator.credentials.get({ mediation: 'conditional', publicKey, signal });
      if (!(credential instanceof PublicKeyCredential)) throw new PasskeyError('Your passkey could not be used. Try again.');
      return credential.toJSON() as unknown as Record<string, unknown>;
    };
  }
  const lib = await webauthn();
  if (!(await lib.browserSupportsWebAuthnAutofill())) return null;
  return async (challenge, signal) => {
    const stop = () => lib.WebAuthnAbortService.cancelCeremony();
    signal.addEventListener('abort', stop, { once: true });
    try {
      const response = await lib.startAuthentication({ optionsJSON: challenge.options as unknown as PublicKeyCredentialRequestOptionsJSON, useBrowserAutofill: true });
      return response as unknown as Record<string, unknown>;
    } finally {
      signal.removeEventListener('abort', stop);
    }
  };
}

/**
 * Passkey autofill on a sign-in form (WebAuthn conditional mediation): the browser lists the
 * site's passkeys among the suggestions of the field marked `autoComplete="username webauthn"`.
 * Resolves with the assertion once one is picked; null when the browser cannot, the setup failed
 * (the form works without it), or `signal` stopped it (leaving the page, another way to sign in:
 * stop it before starting any other passkey request).
 */
export async function autofillPasskey(signal: AbortSignal): Promise<PasskeyAssertion | null> {
  if (!passkeysSupported()) return null;
  let request: Conditional | null;
  let challenge: PasskeyChallenge;
  try {
    request = await conditionalRequest();
    if (!request || signal.aborted) return null;
    challenge = (await api.signInChallenge({ body: { purpose: 'login' } }, { signal })).data;
  } catch (error) {
    if (!signal.aborted) console.warn('[passkeys] autofill not started', error instanceof Error ? error.message : error);
    return null;
  }
  try {
    return { challengeId: challenge.challengeId, response: await request(challenge, signal) };
  } catch (error) {
    const reason = ceremonyError(error);
    if (signal.aborted || reason.cancelled) return null;
    throw reason;
  }
}

/**
 * Sends a request; when the server answers that a passkey must confirm it (one of `codes`), gets
 * an assertion with `confirm` and sends it once more, with it. Any other failure is thrown as is.
 */
export async function sendWithPasskey<T>(
  send: (passkey?: PasskeyAssertion) => Promise<T>,
  confirm: () => Promise<PasskeyAssertion>,
  codes: readonly string[] = ['PASSKEY_REQUIRED'],
): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiError) || !codes.includes(error.code)) throw error;
    return send(await confirm());
  }
}
