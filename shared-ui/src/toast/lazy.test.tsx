import { act, screen } from '@testing-library/react';
import { renderUi } from '../../test/render';
import { Toaster } from './Toaster';
import { toast } from './toast';

/**
 * react-toastify is off the first load (issue 32): it loads with the first toast, and the calls made
 * meanwhile wait for its container, in order. Counts the library's loads (the factory runs on its
 * first import, by toast.ts or the Toaster's container). The tests run in order: the first load can
 * only happen once per test file; later ones issue their calls before a Toaster is mounted.
 */
let mockLoads = 0;
jest.mock('react-toastify', () => {
  mockLoads++;
  return jest.requireActual('react-toastify');
});

/** Toasts on screen and not closing, in order: react-toastify gives a toast its role only then. */
const shown = () =>
  [...document.querySelectorAll('.Toastify__toast[role]')].map((el) => [el.getAttribute('role'), el.textContent?.replace(/×$/, '')]);

/** Mounts the Toaster and lets the calls waiting for its container run. */
async function mountToaster(): Promise<void> {
  await act(async () => {
    renderUi(<Toaster />);
  });
}

afterEach(async () => {
  await act(async () => toast.dismiss());
});

describe('toast, before react-toastify has loaded', () => {
  it('renders nothing and loads nothing before the first toast; dismissing then loads nothing either', async () => {
    const { container } = renderUi(<Toaster />);
    expect(container).toBeEmptyDOMElement();
    await act(async () => {
      toast.dismiss('toast-1');
      toast.dismiss();
    });
    expect(mockLoads).toBe(0);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('loads it with the first toast; a loading toast replaced before the container mounted is one toast', async () => {
    renderUi(<Toaster />);
    let id = '';
    await act(async () => {
      id = toast.loading('Please wait...');
      // Issued in the same moment: the library is not even loaded yet.
      expect(toast.success('Login Successfully', { id })).toBe(id);
    });
    expect(mockLoads).toBe(1);
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
    expect(shown()).toEqual([['status', 'Login Successfully']]);
    expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(1);
    expect(document.getElementById(id)).toHaveTextContent('Login Successfully');
    // It came in as the success toast, not as an update in the frame it was added: such an update
    // drops the enter animation (jsdom plays none, so its classes stay), and in a browser the toast's
    // timer, started when that animation ends, would never run.
    expect(document.getElementById(id)).toHaveClass('Toastify--animate', 'Toastify__slide-enter--top-center');
  });

  it('runs the calls made before the container mounted in their order', async () => {
    // No Toaster yet (the last test's was unmounted): every call waits for one.
    const a = toast.loading('a');
    const b = toast.loading('b');
    toast.dismiss(a);
    toast.error('c');
    expect(toast.success('b done', { id: b })).toBe(b);
    toast.blank('d');
    // a was dismissed: it cannot be replaced, so this is a new toast.
    expect(toast.error('a again', { id: a })).not.toBe(a);
    await mountToaster();
    expect(shown()).toEqual([
      ['status', 'b done'],
      ['alert', 'c'],
      ['status', 'd'],
      ['alert', 'a again'],
    ]);
    expect(document.getElementById(b)).toHaveTextContent('b done');
    expect(mockLoads).toBe(1);
  });

  it('drops the calls still waiting when all are dismissed', async () => {
    toast.loading('x');
    toast.error('y');
    toast.dismiss();
    toast.blank('z');
    await mountToaster();
    expect(shown()).toEqual([['status', 'z']]);
  });
});
