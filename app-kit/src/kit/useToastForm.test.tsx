import { act, fireEvent, render, screen } from '@testing-library/react';
import { toast } from '@halcyon/shared-ui/toast';
import { useToastForm, type ToastForm } from './useToastForm';

// The screens' tests cover texts and navigation; these cover what every form on the hook relies on.
type Options = Pick<ToastForm<string>, 'request' | 'done' | 'check'> & { email?: string };

function TestForm({ request, done, check, email = 'ada@example.com' }: Options) {
  const { busy, onSubmit } = useToastForm({
    rules: [{ name: 'email', type: 'email', value: email }],
    toasts: { loading: 'Please wait...', success: 'Saved', failure: 'Failed' },
    request,
    done,
    check,
  });
  return (
    <form aria-label="form" noValidate onSubmit={onSubmit}>
      <input name="email" aria-label="Email" defaultValue={email} />
      <output>{busy ? 'busy' : 'idle'}</output>
    </form>
  );
}

const submit = () => fireEvent.submit(screen.getByRole('form', { name: 'form' }));

/** A request the test settles itself. */
function pending() {
  let settle: { resolve(value: string): void; reject(error: Error): void } | undefined;
  const request = jest.fn(() => new Promise<string>((resolve, reject) => (settle = { resolve, reject })));
  return { request, settle: () => settle! };
}

afterEach(() => act(() => toast.dismiss()));

it('sends one request at a time: a second submit while busy sends nothing; done gets the result', async () => {
  const { request, settle } = pending();
  const done = jest.fn();
  render(<TestForm request={request} done={done} />);
  submit();
  expect(await screen.findByText('busy')).toBeInTheDocument();
  submit();
  expect(request).toHaveBeenCalledTimes(1);
  await act(async () => settle().resolve('ok'));
  expect(screen.getByText('idle')).toBeInTheDocument();
  expect(done).toHaveBeenCalledWith('ok');
});

it('after a failure: no done, and the form can be sent again', async () => {
  const { request, settle } = pending();
  const done = jest.fn();
  render(<TestForm request={request} done={done} />);
  submit();
  await act(async () => settle().reject(new Error('offline')));
  expect(screen.getByText('idle')).toBeInTheDocument();
  expect(done).not.toHaveBeenCalled();
  submit();
  expect(request).toHaveBeenCalledTimes(2);
});

it('sends nothing when a field rule fails (the field gets the focus) or the check says no', () => {
  const request = jest.fn(() => Promise.resolve('ok'));
  const { unmount } = render(<TestForm request={request} email="not-an-email" />);
  submit();
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
  unmount();
  const check = jest.fn(() => false);
  render(<TestForm request={request} check={check} />);
  submit();
  expect(check).toHaveBeenCalledTimes(1);
  expect(request).not.toHaveBeenCalled();
});

/** Two ways to send (Withdraw's code or passkey), a check that waits (a review step), a failure text from the error. */
function TwoWayForm({ request, check, failed }: Pick<ToastForm<string, 'code' | 'passkey'>, 'request' | 'check' | 'failed'>) {
  const { onSubmit } = useToastForm<string, 'code' | 'passkey'>({
    check,
    toasts: { success: 'Sent', failure: (error) => (error instanceof Error && error.message === 'step' ? 'The step failed' : 'Failed') },
    request,
    failed,
  });
  return (
    <form aria-label="form" noValidate onSubmit={(e) => void onSubmit(e, 'code')}>
      <button type="submit">Send</button>
      <button type="button" onClick={(e) => void onSubmit(e, 'passkey')}>
        Passkey
      </button>
    </form>
  );
}

it('passes on what the submit or a button of the form says: the way to send', async () => {
  const request = jest.fn(() => Promise.resolve('ok'));
  render(<TwoWayForm request={request} />);
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Passkey' })));
  await act(async () => submit());
  expect(request.mock.calls).toEqual([['passkey'], ['code']]);
});

it('a check may wait (a review step): a second submit meanwhile sends nothing; a refusal sends nothing', async () => {
  let answer: (yes: boolean) => void = () => undefined;
  const check = jest.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
  const request = jest.fn(() => Promise.resolve('ok'));
  render(<TwoWayForm request={request} check={check} />);
  submit();
  submit();
  expect(check).toHaveBeenCalledTimes(1);
  await act(async () => answer(false));
  expect(request).not.toHaveBeenCalled();
  submit();
  await act(async () => answer(true));
  expect(request).toHaveBeenCalledTimes(1);
});

it('after a failure: failed runs, and the toast may be built from the error', async () => {
  const failed = jest.fn();
  const error = jest.spyOn(toast, 'error');
  render(<TwoWayForm request={() => Promise.reject(new Error('step'))} failed={failed} />);
  await act(async () => submit());
  expect(failed).toHaveBeenCalledTimes(1);
  expect(error).toHaveBeenCalledWith('The step failed', { group: expect.any(String) });
  error.mockRestore();
});

it("the form's toasts are one group: its check's errors and its failures are closed by its success (shared-ui's toast), not another form's", async () => {
  const error = jest.spyOn(toast, 'error');
  const success = jest.spyOn(toast, 'success');
  let fail = true;
  const check = jest.fn((_arg: 'code' | 'passkey', group: string) => {
    if (fail) toast.error('Passwords do not match!', { group });
    return !fail;
  });
  const request = jest.fn((): Promise<string> => Promise.reject(new Error('offline')));
  render(<TwoWayForm request={request} check={check} />);
  await act(async () => submit());
  fail = false;
  await act(async () => submit());
  request.mockImplementation(() => Promise.resolve('ok'));
  await act(async () => submit());
  const group = check.mock.calls[0]?.[1];
  expect(group).toEqual(expect.any(String));
  expect(check.mock.calls.map((c) => c[1])).toEqual([group, group, group]);
  expect(error.mock.calls).toEqual([
    ['Passwords do not match!', { group }],
    ['Failed', { group }],
  ]);
  expect(success.mock.calls).toEqual([['Sent', { group }]]);
  // Another form on the page has its own group.
  check.mockClear();
  render(<TwoWayForm request={request} check={check} />);
  await act(async () => fireEvent.submit(screen.getAllByRole('form', { name: 'form' })[1]!));
  expect(check.mock.calls[0]?.[1]).not.toBe(group);
  error.mockRestore();
  success.mockRestore();
});
