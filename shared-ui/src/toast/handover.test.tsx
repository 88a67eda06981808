import { act, waitFor } from '@testing-library/react';
import { renderUi } from '../../test/render';
import { Toaster } from './Toaster';
import { handOverToasts, resumeToasts, toast } from './toast';

/** Toasts on screen, in order, without the close button's ×. */
const shown = () => [...document.querySelectorAll('.Toastify__toast[role]')].map((el) => el.textContent?.replace(/×$/, ''));

beforeEach(() => sessionStorage.clear());
afterEach(async () => {
  await act(async () => toast.dismiss());
});

describe('toasts handed over to the next page (a sign-in page opening the app with a full load)', () => {
  it('keeps what the page shows, the replaced text and not a loading toast, and the next page shows it once', async () => {
    renderUi(<Toaster />);
    await act(async () => {
      const id = toast.loading('Please wait....');
      toast.success('Login Successfully', { id });
      toast.loading('Still working');
      toast.error('That code is not valid');
    });
    handOverToasts();
    expect(JSON.parse(sessionStorage.getItem('halcyon:toasts') ?? '[]')).toEqual([
      { type: 'success', message: 'Login Successfully' },
      { type: 'error', message: 'That code is not valid' },
    ]);

    // The next page: a new start with nothing on screen.
    await act(async () => toast.dismiss());
    expect(shown()).toEqual([]);
    await act(async () => resumeToasts());
    await waitFor(() => expect(shown()).toEqual(['Login Successfully', 'That code is not valid']));
    expect(sessionStorage.getItem('halcyon:toasts')).toBeNull();

    // Once: a reload of that page shows nothing again.
    await act(async () => toast.dismiss());
    await act(async () => resumeToasts());
    expect(shown()).toEqual([]);
  });

  it('a toast closed before the hand-over is not carried, and a broken entry shows nothing', async () => {
    renderUi(<Toaster />);
    await act(async () => {
      const id = toast.success('Saved');
      toast.dismiss(id);
    });
    handOverToasts();
    expect(sessionStorage.getItem('halcyon:toasts')).toBeNull();
    sessionStorage.setItem('halcyon:toasts', '{not json');
    await act(async () => resumeToasts());
    sessionStorage.setItem('halcyon:toasts', JSON.stringify([{ type: 'loading', message: 'x' }, { type: 'success', message: 42 }]));
    await act(async () => resumeToasts());
    expect(shown()).toEqual([]);
  });
});
