import { act, screen, within } from '@testing-library/react';
import { renderUi } from '../../test/render';
import { Toaster } from './Toaster';
import { getToasts, toast } from './store';

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  act(() => toast.dismiss());
  jest.useRealTimers();
});

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

describe('toast store', () => {
  it('closes success after 2000 ms, error and blank after 4000 ms, loading never', () => {
    act(() => {
      toast.success('Login Successfully');
      toast.error('login failed ');
      toast.blank('Note');
      toast.loading('Please wait....');
    });
    expect(getToasts().map((t) => t.message)).toEqual(['Login Successfully', 'login failed ', 'Note', 'Please wait....']);
    advance(1999);
    expect(getToasts()).toHaveLength(4);
    advance(1);
    expect(getToasts().map((t) => t.message)).toEqual(['login failed ', 'Note', 'Please wait....']);
    advance(1999);
    expect(getToasts()).toHaveLength(3);
    advance(1);
    expect(getToasts().map((t) => t.message)).toEqual(['Please wait....']);
    advance(60_000);
    expect(getToasts().map((t) => t.message)).toEqual(['Please wait....']);
  });

  it('keeps at most 20, dropping the oldest', () => {
    act(() => {
      for (let i = 1; i <= 25; i++) toast.loading(`t${i}`);
    });
    const messages = getToasts().map((t) => t.message);
    expect(messages).toHaveLength(20);
    expect(messages[0]).toBe('t6');
    expect(messages[19]).toBe('t25');
  });

  it('replaces the toast with the same id (loading → success) and restarts its timer', () => {
    let id = '';
    act(() => {
      id = toast.loading('Please wait....');
      toast.blank('other');
    });
    advance(3000);
    act(() => {
      toast.success('Login Successfully', { id });
    });
    const list = getToasts();
    expect(list.map((t) => [t.id, t.type, t.message])).toEqual([
      [id, 'success', 'Login Successfully'],
      [expect.any(String), 'blank', 'other'],
    ]);
    advance(1999);
    expect(getToasts().some((t) => t.id === id)).toBe(true);
    advance(1);
    expect(getToasts().some((t) => t.id === id)).toBe(false);
  });

  it('dismisses one toast by id or all', () => {
    let a = '';
    act(() => {
      a = toast.loading('a');
      toast.loading('b');
    });
    act(() => toast.dismiss(a));
    expect(getToasts().map((t) => t.message)).toEqual(['b']);
    act(() => toast.dismiss());
    expect(getToasts()).toEqual([]);
  });

  it('a timer of a replaced toast does not remove its successor early', () => {
    let id = '';
    act(() => {
      id = toast.error('first');
    });
    advance(3000);
    act(() => {
      toast.error('second', { id });
    });
    advance(1500); // the first timer would have fired at 4000 ms
    expect(getToasts().map((t) => t.message)).toEqual(['second']);
  });
});

describe('Toaster', () => {
  it('announces non-errors in a status region and errors in an alert region', () => {
    renderUi(<Toaster />);
    act(() => {
      toast.success('Registration Successful!');
      toast.error('Failed to fetch plans.');
    });
    const status = screen.getByRole('status');
    const alert = screen.getByRole('alert');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(within(status).getByText('Registration Successful!')).toBeInTheDocument();
    expect(within(alert).getByText('Failed to fetch plans.')).toBeInTheDocument();
    expect(within(status).queryByText('Failed to fetch plans.')).not.toBeInTheDocument();
  });

  it('shows the replacement in place and removes toasts when they expire', () => {
    renderUi(<Toaster />);
    let id = '';
    act(() => {
      id = toast.loading('Please wait...');
    });
    expect(screen.getByText('Please wait...')).toBeInTheDocument();
    act(() => {
      toast.success('Registration Successful!', { id });
    });
    expect(screen.queryByText('Please wait...')).not.toBeInTheDocument();
    expect(screen.getByText('Registration Successful!')).toBeInTheDocument();
    advance(2000);
    expect(screen.queryByText('Registration Successful!')).not.toBeInTheDocument();
  });

  it('has a dismiss button per toast', () => {
    renderUi(<Toaster />);
    act(() => {
      toast.loading('Fetching plans...');
    });
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click());
    expect(screen.queryByText('Fetching plans...')).not.toBeInTheDocument();
  });
});
