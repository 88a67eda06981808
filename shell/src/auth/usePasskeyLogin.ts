import { useEffect, useRef, useState } from 'react';
import type { AuthResponse, PasskeyAssertion } from '@halcyon/api-client/model';
import { api, autofillPasskey, errorMessage, passkeysSupported, signInPasskey } from '@halcyon/api-client/http';
import { withToasts, type ToastTexts } from '@halcyon/app-kit';

export interface PasskeyLogin {
  /** Whether the browser has WebAuthn: the passkey buttons show only then. */
  supported: boolean;
  busy: boolean;
  /** "Sign in with a passkey": a passkey alone (discoverable, with user verification). */
  signIn(): Promise<void>;
  /** "Use your passkey": the password login again, with a passkey as its second factor. */
  confirmLogin(email: string, password: string): Promise<void>;
  /** Before a password login: stops the autofill request (the form is being sent another way). */
  pauseAutofill(): void;
  /** After a failed login: offers the passkeys in the email field's suggestions again. */
  resumeAutofill(): void;
}

/**
 * Passkey sign-in on the login form (docs/security.md "Passkeys", "In the browser"): the
 * browser's autofill offers the site's passkeys in the email field (`autoComplete="username
 * webauthn"`, conditional mediation started on mount, stopped on unmount and on a password
 * login), a button signs in with a passkey alone, and `confirmLogin` answers PASSKEY_REQUIRED.
 * Each success is the login's answer, handed to `done` as the password login's is.
 */
export function usePasskeyLogin({ remember, texts, done }: { remember: boolean; texts: ToastTexts<AuthResponse>; done: (response: AuthResponse, remember: boolean) => void }): PasskeyLogin {
  const supported = passkeysSupported();
  const [busy, setBusy] = useState(false);
  // A new round starts a new autofill request; the controller stops the current one.
  const [round, setRound] = useState(0);
  const autofill = useRef<AbortController | null>(null);
  // The autofill answer may come long after mount: it reads the latest choices.
  const latest = useRef({ remember, texts, done });
  latest.current = { remember, texts, done };

  const loginWith = (passkey: PasskeyAssertion) => api.passkeyLogin({ body: { passkey, remember: latest.current.remember } });

  /**
   * One passkey sign-in behind the login's toasts. After a failure the autofill is offered again
   * when a button's prompt had replaced it; not after its own (a passkey the server refuses would
   * be offered, and refused, for ever by an authenticator that answers by itself).
   */
  const finish = async (request: () => Promise<AuthResponse>, restartAutofill = true) => {
    setBusy(true);
    const sent = await withToasts(latest.current.texts, request);
    setBusy(false);
    if (sent.ok) latest.current.done(sent.result, latest.current.remember);
    else if (restartAutofill) setRound((r) => r + 1);
  };

  useEffect(() => {
    if (!supported) return undefined;
    const controller = new AbortController();
    autofill.current = controller;
    autofillPasskey(controller.signal).then(
      (passkey) => {
        if (passkey && !controller.signal.aborted) void finish(() => loginWith(passkey), false);
      },
      (error: unknown) => {
        // The browser refused the conditional request (e.g. no valid domain, as on an IP address),
        // perhaps before anyone touched the page: no toast and no new round (it would fail again,
        // at once, for ever). The button and the password still work.
        if (!controller.signal.aborted) console.warn('[passkeys] autofill ended', errorMessage(error, 'no reason given'));
      },
    );
    return () => controller.abort();
  }, [supported, round]);

  const pauseAutofill = () => autofill.current?.abort();
  // One passkey request at a time: the autofill one stops before the button's starts (and is
  // offered again if that fails).
  const withPasskey = (request: (passkey: PasskeyAssertion) => Promise<AuthResponse>) => {
    pauseAutofill();
    return finish(async () => request(await signInPasskey({ purpose: 'login' })));
  };

  return {
    supported,
    busy,
    signIn: () => withPasskey(loginWith),
    confirmLogin: (email, password) => withPasskey((passkey) => api.login({ body: { email, password, remember: latest.current.remember, passkey } })),
    pauseAutofill,
    resumeAutofill: () => setRound((r) => r + 1),
  };
}
