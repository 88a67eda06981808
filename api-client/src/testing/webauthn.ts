// `@halcyon/api-client/testing/webauthn`: @simplewebauthn/browser replaced by jest mocks for the
// component tests of passkeys (test-only; jsdom has no WebAuthn). The library is imported lazily
// by api-client (passkeys.ts), so registering the mock when a test file starts is early enough.

/** The authenticator as a test drives it: each mock is reset before every test. */
export interface WebAuthnMock {
  startAuthentication: jest.Mock;
  startRegistration: jest.Mock;
  /** Conditional mediation (passkey autofill); false unless a test says otherwise. */
  browserSupportsWebAuthnAutofill: jest.Mock;
  /** WebAuthnAbortService.cancelCeremony */
  cancelCeremony: jest.Mock;
}

/** An authenticator's assertion as the library returns it (the server's verifier is not in these tests). */
export const assertionResponse = (id = 'cred-1') => ({
  id,
  rawId: id,
  type: 'public-key',
  response: { authenticatorData: 'YXV0aA', clientDataJSON: 'Y2xpZW50', signature: 'c2ln', userHandle: 'dTE' },
  clientExtensionResults: {},
});

/** An authenticator's registration answer as the library returns it. */
export const registrationResponse = (id = 'cred-new') => ({
  id,
  rawId: id,
  type: 'public-key',
  response: { attestationObject: 'YXR0', clientDataJSON: 'Y2xpZW50', transports: ['internal'] },
  clientExtensionResults: {},
});

/** What the library throws when the person cancels the browser's passkey prompt (or it times out). */
export const cancelledByUser = () =>
  Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError', code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' });

/** What the library throws when a newer ceremony or cancelCeremony() stopped this one. */
export const abortedCeremony = () =>
  Object.assign(new Error('Authentication ceremony was sent an abort signal'), { name: 'AbortError', code: 'ERROR_CEREMONY_ABORTED' });

/**
 * Call at the top of a test file: @simplewebauthn/browser becomes `WebAuthnMock` and the page
 * has `PublicKeyCredential` (so the screens offer passkeys). A pending autofill ceremony waits
 * until cancelCeremony() is called, then rejects as aborted, as the library's does.
 */
export function mockWebAuthn(): WebAuthnMock {
  const mock: WebAuthnMock = { startAuthentication: jest.fn(), startRegistration: jest.fn(), browserSupportsWebAuthnAutofill: jest.fn(), cancelCeremony: jest.fn() };
  jest.doMock('@simplewebauthn/browser', () => ({
    startAuthentication: mock.startAuthentication,
    startRegistration: mock.startRegistration,
    browserSupportsWebAuthnAutofill: mock.browserSupportsWebAuthnAutofill,
    WebAuthnAbortService: { cancelCeremony: mock.cancelCeremony },
  }));
  (window as { PublicKeyCredential?: unknown }).PublicKeyCredential = function PublicKeyCredential() {
    throw new TypeError('Illegal constructor');
  };
  beforeEach(() => {
    for (const fn of Object.values(mock)) fn.mockReset();
    mock.browserSupportsWebAuthnAutofill.mockResolvedValue(false);
    // Until cancelled, like the browser's conditional request; other ceremonies are set per test.
    let abort: (() => void) | undefined;
    mock.startAuthentication.mockImplementation(({ useBrowserAutofill }: { useBrowserAutofill?: boolean }) =>
      useBrowserAutofill ? new Promise((_resolve, reject) => (abort = () => reject(abortedCeremony()))) : Promise.reject(cancelledByUser()),
    );
    mock.cancelCeremony.mockImplementation(() => abort?.());
  });
  return mock;
}
