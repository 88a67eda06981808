import { ApiError, PasskeyError, configureApi, errorMessage } from './http';
import { autofillPasskey, createPasskey, sendWithPasskey } from './passkeys';
import { ok, stubHttp } from '../testing/http-stub';

const startRegistration = jest.fn();
// The library as these tests need it: no autofill there, so an answer below comes from the native path.
jest.mock('@simplewebauthn/browser', () => ({ startRegistration: (...args: unknown[]) => startRegistration(...args) }));

const assertion = { challengeId: 'ch-1', response: { id: 'cred-1' } };
const refused = (code: string) => new ApiError('Confirm with your passkey.', 403, code);

describe('sendWithPasskey', () => {
  it('sends once more with the passkey when the server asks for one, and only then', async () => {
    const send = jest.fn().mockRejectedValueOnce(refused('PASSKEY_REQUIRED')).mockResolvedValueOnce('done');
    const confirm = jest.fn().mockResolvedValue(assertion);
    await expect(sendWithPasskey(send, confirm)).resolves.toBe('done');
    expect(send.mock.calls).toEqual([[], [assertion]]);
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('throws any other refusal as it came, and a refusal of the confirmed request too (no loop)', async () => {
    const confirm = jest.fn().mockResolvedValue(assertion);
    await expect(sendWithPasskey(jest.fn().mockRejectedValue(refused('TOTP_INVALID')), confirm)).rejects.toMatchObject({ code: 'TOTP_INVALID' });
    expect(confirm).not.toHaveBeenCalled();
    const send = jest.fn().mockRejectedValue(refused('ADMIN_PASSKEY_REQUIRED'));
    await expect(sendWithPasskey(send, confirm, ['ADMIN_PASSKEY_REQUIRED'])).rejects.toMatchObject({ code: 'ADMIN_PASSKEY_REQUIRED' });
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe('ceremony failures', () => {
  beforeAll(() => {
    (globalThis as { window?: unknown }).window = { PublicKeyCredential: function PublicKeyCredential() {} };
  });
  afterAll(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it.each([
    ['InvalidStateError', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', 'This device already holds a passkey for your account.', false],
    ['NotAllowedError', 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', 'The passkey request was cancelled or timed out.', false],
    ['AbortError', 'ERROR_CEREMONY_ABORTED', 'The passkey request was stopped.', true],
    ['UnknownError', 'ERROR_AUTHENTICATOR_GENERAL_ERROR', 'Your passkey could not be used. Try again.', false],
  ])('%s (%s) is told as %s', async (name, code, message, cancelled) => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    startRegistration.mockRejectedValueOnce(Object.assign(new Error('from the browser'), { name, code }));
    const error = await createPasskey({ challengeId: 'ch-1', options: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PasskeyError);
    expect(error).toMatchObject({ message, cancelled });
    // Screens show it like a server message.
    expect(errorMessage(error, 'fallback')).toBe(message);
  });
});

describe('passkey autofill with the browser\'s own WebAuthn JSON helpers', () => {
  const options = { challenge: 'bG9naW4', rpId: 'localhost', userVerification: 'required' };
  const parsed = { challenge: new Uint8Array([1, 2, 3]) };
  const answer = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: { clientDataJSON: 'e30' }, clientExtensionResults: {} };
  class FakeCredential {
    static parseRequestOptionsFromJSON = jest.fn(() => parsed);
    static isConditionalMediationAvailable = jest.fn(async () => true);
    toJSON() {
      return answer;
    }
  }
  const get = jest.fn();
  const globals = globalThis as Record<string, unknown>;
  let http: ReturnType<typeof stubHttp>;

  beforeAll(() => {
    configureApi({ baseUrl: 'http://localhost/api' });
    globals.window = { PublicKeyCredential: FakeCredential };
    globals.PublicKeyCredential = FakeCredential;
    Object.defineProperty(globalThis, 'navigator', { value: { credentials: { get } }, configurable: true });
  });
  beforeEach(() => {
    http = stubHttp({ 'POST /api/auth/login/passkey/challenge': ok({ challengeId: 'ch-auto', options }) });
    get.mockReset();
  });
  afterEach(() => http.restore());
  afterAll(() => {
    delete globals.window;
    delete globals.PublicKeyCredential;
  });

  it('asks a conditional request with the parsed options and answers the credential as JSON, without the library', async () => {
    get.mockResolvedValueOnce(new FakeCredential());
    const controller = new AbortController();
    await expect(autofillPasskey(controller.signal)).resolves.toEqual({ challengeId: 'ch-auto', response: answer });
    expect(FakeCredential.parseRequestOptionsFromJSON).toHaveBeenCalledWith(options);
    expect(get).toHaveBeenCalledWith({ mediation: 'conditional', publicKey: parsed, signal: controller.signal });
    expect(http.calls('POST /api/auth/login/passkey/challenge')[0]?.body).toEqual({ purpose: 'login' });
  });

  it('stopped by its signal (leaving the page, a password login): null, nothing to show', async () => {
    const controller = new AbortController();
    get.mockImplementationOnce(({ signal }: { signal: AbortSignal }) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })))));
    const pending = autofillPasskey(controller.signal);
    await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    await expect(pending).resolves.toBeNull();
  });
});
