import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderUi } from '../../test/render';
import { Toaster } from './Toaster';
import { toast } from './toast';

/**
 * jsdom runs no CSS, but react-toastify times toasts with CSS animations: a toast's clock starts
 * when its enter animation ends, it closes when its progress bar's animation (animation-duration
 * = the toast's duration, paused while hovered) ends, and leaves the DOM after its exit
 * animation. This plays them on jest's fake clock: enter/exit at once, progress bars for exactly
 * their duration of running time.
 */
const ran = new WeakMap<Element, number>();
const played = new WeakMap<Element, string>();

/** As a browser answers: a toast has its enter (or exit) animation while it has the classes of one. */
function animations(this: Element): Animation[] {
  return this.classList.contains('Toastify--animate') ? [{} as Animation] : [];
}

/**
 * A frame: each toast's enter or exit animation that has started since the last one ends. An enter
 * whose classes were dropped (an update's re-render) before any frame never started, as in a
 * browser: no event comes for it.
 */
function finishTransitions(): boolean {
  let any = false;
  for (const el of document.querySelectorAll('.Toastify__toast')) {
    if (played.get(el) === el.className) continue;
    played.set(el, el.className);
    if (!el.classList.contains('Toastify--animate')) continue;
    el.dispatchEvent(new Event('animationend'));
    any = true;
  }
  return any;
}

function runningBars(): { el: HTMLElement; left: number }[] {
  return [...document.querySelectorAll<HTMLElement>('.Toastify__progress-bar--animated')]
    .filter((el) => el.style.animationPlayState === 'running' && !played.has(el))
    .map((el) => ({ el, left: parseFloat(el.style.animationDuration) - (ran.get(el) ?? 0) }));
}

function elapse(ms: number): void {
  let left = ms;
  for (;;) {
    let transitioned = false;
    act(() => {
      transitioned = finishTransitions();
    });
    if (transitioned) continue;
    const bars = runningBars();
    const step = Math.min(left, ...bars.map((b) => b.left));
    act(() => jest.advanceTimersByTime(step));
    left -= step;
    let ended = false;
    for (const b of bars) {
      ran.set(b.el, (ran.get(b.el) ?? 0) + step);
      if (b.left - step <= 0) {
        played.set(b.el, 'ended');
        act(() => fireEvent.animationEnd(b.el));
        ended = true;
      }
    }
    if (left <= 0 && !ended) return;
  }
}

/**
 * The browser draws: the frame's animations start (and, here, end at once), then what waited for
 * the frame runs (an update of a toast added in the frame before, see toast.ts).
 */
async function draw(): Promise<void> {
  elapse(0);
  await act(async () => {
    jest.advanceTimersByTime(40);
  });
}

/** Toasts on screen and not closing, in order: react-toastify gives a toast its role only then. */
const shown = () =>
  [...document.querySelectorAll('.Toastify__toast[role]')].map((el) => [el.getAttribute('role'), el.textContent?.replace(/×$/, '')]);

beforeEach(() => {
  jest.useFakeTimers();
  // react-toastify pauses toasts while the page has no focus; jsdom's never has.
  jest.spyOn(document, 'hasFocus').mockReturnValue(true);
  Element.prototype.getAnimations = animations;
  renderUi(<Toaster />);
  elapse(0);
});
afterEach(async () => {
  // Nothing left waiting on a frame of this test's fake clock.
  await draw();
  await act(async () => toast.dismiss());
  jest.useRealTimers();
  jest.restoreAllMocks();
  // jsdom has none.
  delete (Element.prototype as Partial<Element>).getAnimations;
});

describe('toast', () => {
  it('closes success after 2000 ms, error and blank after 4000 ms, loading never', async () => {
    await act(async () => {
      toast.success('Login Successfully');
      toast.error('login failed ');
      toast.blank('Note');
      toast.loading('Please wait....');
    });
    // Each message exactly as given, in its own paragraph (the spec's 'login failed ' keeps its space).
    expect(screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === 'login failed ')).toBeInTheDocument();
    elapse(1999);
    expect(shown()).toHaveLength(4);
    elapse(1);
    expect(shown().map(([, text]) => text)).toEqual(['login failed ', 'Note', 'Please wait....']);
    elapse(1999);
    expect(shown()).toHaveLength(3);
    elapse(1);
    expect(shown()).toEqual([['status', 'Please wait....']]);
    elapse(60_000);
    expect(shown()).toEqual([['status', 'Please wait....']]);
    // Closed toasts leave the DOM after their exit animation.
    expect(screen.queryByText('Login Successfully')).not.toBeInTheDocument();
    expect(screen.queryByText('login failed')).not.toBeInTheDocument();
  });

  it('announces: a polite region named Notifications, errors as alerts, the rest as status', async () => {
    await act(async () => {
      toast.success('Registration Successful!');
      toast.error('Failed to fetch plans.');
      toast.loading('Fetching plans...');
      toast.blank('Copied');
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(within(region).getByRole('alert')).toHaveTextContent('Failed to fetch plans.');
    expect(within(region).getAllByRole('status').map((s) => s.textContent)).toEqual(['Registration Successful!×', 'Fetching plans...×', 'Copied×']);
  });

  it('replaces the loading toast in place (same slot and role) and gives it the new timer', async () => {
    let id = '';
    await act(async () => {
      id = toast.loading('Please wait....');
      toast.blank('other');
    });
    elapse(3000);
    await act(async () => {
      expect(toast.success('Login Successfully', { id })).toBe(id);
    });
    expect(shown()).toEqual([
      ['status', 'Login Successfully'],
      ['status', 'other'],
    ]);
    expect(screen.queryByText('Please wait....')).not.toBeInTheDocument();
    expect(document.getElementById(id)).toHaveTextContent('Login Successfully');
    elapse(1999);
    expect(shown()).toEqual([['status', 'Login Successfully']]);
    elapse(1);
    expect(shown()).toEqual([]);
  });

  it('turns a loading toast into an alert when it fails', async () => {
    let id = '';
    await act(async () => {
      id = toast.loading('Please wait...');
    });
    await act(async () => {
      toast.error('Login failed', { id });
    });
    // Added and not drawn yet: replacing it now would drop its enter animation before it started,
    // and with it the only start its clock has (the error would never close).
    expect(shown()).toEqual([['status', 'Please wait...']]);
    await draw();
    expect(shown()).toEqual([['alert', 'Login failed']]);
    elapse(3999);
    expect(shown()).toHaveLength(1);
    elapse(1);
    expect(shown()).toEqual([]);
  });

  it('waits for the enter animation to start however late the frame comes (a loaded machine, a hidden tab)', async () => {
    // Frames only when this test draws one: the clock runs on without any.
    const frames: FrameRequestCallback[] = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const drawFrame = () => act(async () => frames.splice(0).forEach((callback) => callback(performance.now())));
    let id = '';
    await act(async () => {
      id = toast.loading('Please wait...');
    });
    await act(async () => {
      toast.error('Invalid email or password', { id });
    });
    // Half a second and no frame: the update still waits (it once went ahead after 100 ms, in the
    // same frame as the add, and the error never closed).
    await act(async () => {
      jest.advanceTimersByTime(500);
    });
    expect(shown()).toEqual([['status', 'Please wait...']]);
    // The frame: the enter animation runs (here it ends at once, which starts the clock), then the update goes.
    await drawFrame();
    elapse(0);
    await act(async () => undefined);
    expect(shown()).toEqual([['alert', 'Invalid email or password']]);
    elapse(3999);
    expect(shown()).toHaveLength(1);
    elapse(1);
    expect(shown()).toEqual([]);
  });

  it('drops the wait for a toast dismissed before its enter animation started: later toasts still come', async () => {
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    let id = '';
    await act(async () => {
      id = toast.loading('Please wait...');
    });
    await act(async () => {
      toast.error('Failed', { id });
      toast.dismiss(id);
    });
    elapse(0);
    await act(async () => {
      toast.blank('Next');
    });
    expect(shown()).toEqual([['status', 'Next']]);
  });

  it('drops the wait for a toast whose container went away first (a render unmounted) once all are dismissed', async () => {
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    let id = '';
    await act(async () => {
      id = toast.loading('Please wait...');
    });
    await act(async () => {
      toast.error('Invalid email or password', { id });
    });
    // The page (here, the test's render) goes with its container; a new one starts with a dismiss-all.
    cleanup();
    await act(async () => toast.dismiss());
    renderUi(<Toaster />);
    elapse(0);
    await act(async () => {
      toast.blank('Next');
    });
    elapse(0);
    expect(shown()).toEqual([['status', 'Next']]);
  });

  it('restarts the timer when a toast is replaced, so its successor gets its full time', async () => {
    let id = '';
    await act(async () => {
      id = toast.error('first');
    });
    elapse(3000);
    await act(async () => {
      toast.error('second', { id });
    });
    elapse(3999);
    expect(shown()).toEqual([['alert', 'second']]);
    elapse(1);
    expect(shown()).toEqual([]);
  });

  it('shows a new toast when the id it should replace has already closed', async () => {
    let id = '';
    await act(async () => {
      id = toast.loading('Please wait...');
    });
    await act(async () => toast.dismiss(id));
    await act(async () => {
      toast.success('Done', { id });
    });
    expect(shown()).toEqual([['status', 'Done']]);
  });

  it('shows at most 20; the next waits until one closes', async () => {
    const ids: string[] = [];
    await act(async () => {
      for (let i = 1; i <= 25; i++) ids.push(toast.loading(`t${i}`));
    });
    expect(shown().map(([, text]) => text)).toEqual(Array.from({ length: 20 }, (_, i) => `t${i + 1}`));
    await act(async () => toast.dismiss(ids[0]));
    elapse(1000);
    expect(shown()).toHaveLength(20);
    expect(shown().at(-1)).toEqual(['status', 't21']);
    expect(screen.queryByText('t1')).not.toBeInTheDocument();
  });

  it('dismisses one toast by id, or all including those waiting beyond the limit', async () => {
    let a = '';
    await act(async () => {
      a = toast.loading('a');
      for (let i = 0; i < 22; i++) toast.loading(`b${i}`);
    });
    await act(async () => toast.dismiss(a));
    elapse(1000);
    expect(shown()[0]).toEqual(['status', 'b0']);
    await act(async () => toast.dismiss());
    elapse(1000);
    expect(shown()).toEqual([]);
    expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(0);
  });

  it('a success in a group closes the errors of that group still shown, and only those; the success keeps its own time', async () => {
    await act(async () => {
      toast.error('That code is not valid', { group: 'two-factor' });
      toast.error('Passwords do not match!', { group: 'register' });
      toast.error('Network down');
    });
    elapse(1000);
    let id = '';
    await act(async () => {
      id = toast.loading('Please wait...', { group: 'two-factor' });
      toast.error('Still wrong', { group: 'two-factor' });
    });
    await act(async () => {
      // Replacing the group's loading toast: it becomes the success, the group's errors go.
      toast.success('Two-factor authentication is on.', { id, group: 'two-factor' });
    });
    await draw();
    expect(shown()).toEqual([
      ['alert', 'Passwords do not match!'],
      ['alert', 'Network down'],
      ['status', 'Two-factor authentication is on.'],
    ]);
    elapse(1999);
    expect(shown()).toHaveLength(3);
    elapse(1);
    expect(shown().map(([, text]) => text)).toEqual(['Passwords do not match!', 'Network down']);
    // A success with no toast of its own, and an error still waiting for the library: cleared too.
    await act(async () => {
      toast.error('Passwords do not match!', { group: 'register' });
      toast.clearErrors('register');
    });
    elapse(0);
    expect(shown()).toEqual([['alert', 'Network down']]);
  });

  it('has a labelled dismiss button on every toast', async () => {
    await act(async () => {
      toast.loading('Fetching plans...');
      toast.error('Failed to fetch plans.');
    });
    const buttons = screen.getAllByRole('button', { name: 'Dismiss notification' });
    expect(buttons).toHaveLength(2);
    act(() => buttons[0]!.click());
    expect(shown()).toEqual([['alert', 'Failed to fetch plans.']]);
  });

  it('pauses while hovered', async () => {
    await act(async () => {
      toast.success('Saved');
    });
    elapse(1000);
    const item = screen.getByRole('status');
    fireEvent.mouseEnter(item);
    elapse(5000);
    expect(shown()).toEqual([['status', 'Saved']]);
    fireEvent.mouseLeave(item);
    elapse(999);
    expect(shown()).toHaveLength(1);
    elapse(1);
    expect(shown()).toEqual([]);
  });
});
