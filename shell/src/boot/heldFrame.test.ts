import { appContainer } from './heldFrame';

/** The page as the server sends /user/main with the dashboard's frame in it. */
function page(frame = '<main><h2 id="welcome-title">Welcome, Ada</h2></main>', until: string | null = '#welcome-title'): HTMLElement {
  document.head.innerHTML = '<style data-frame>h2{color:red}</style><style data-styled="active"></style>';
  document.body.innerHTML = `<div id="root"${until ? ` data-frame-until="${until}"` : ''}>${frame}</div><script></script>`;
  return document.getElementById('root') as HTMLElement;
}

/** What the app's commit does to its container; the observer answers after it, before a paint. */
async function commit(container: HTMLElement, html: string): Promise<void> {
  container.innerHTML = html;
  await Promise.resolve();
}

const visibleRoot = () => {
  const roots = document.querySelectorAll('#root');
  return roots.length === 1 && !(roots[0] as HTMLElement).hidden ? (roots[0] as HTMLElement) : null;
};

afterEach(() => {
  jest.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('a page sent with a screen frame (issue 32)', () => {
  it('keeps the frame on screen while the app shows only its loading state, then puts the app in its place', async () => {
    const root = page();
    const app = appContainer(root);
    expect(app).not.toBe(root);
    expect(app.hidden).toBe(true);
    await commit(app, '<p role="status">Loading your account...</p>');
    expect(visibleRoot()).toBe(root);
    expect(root.textContent).toBe('Welcome, Ada');
    expect(document.querySelectorAll('style[data-frame]')).toHaveLength(1);

    await commit(app, '<main><h2 id="welcome-title">Welcome, Ada</h2><p role="status">Loading your portfolio...</p></main>');
    expect(visibleRoot()).toBe(app);
    expect(root.isConnected).toBe(false);
    // The frame's styles go with it; the app's (styled-components') stay.
    expect(document.head.innerHTML).toBe('<style data-styled="active"></style>');
  });

  it.each([
    ['an error (an alert)', '<div role="alert">The account area could not be loaded.</div>'],
    ['another path (the guard sent the visitor to the login)', '<form>Welcome back</form>'],
  ])('shows the app at once when it shows %s', async (what, html) => {
    const root = page();
    const app = appContainer(root);
    if (what.startsWith('another path')) window.history.pushState(null, '', '/auth/login');
    await commit(app, html);
    expect(visibleRoot()).toBe(app);
    expect(root.isConnected).toBe(false);
  });

  it('stands in for the app for a few seconds at most', async () => {
    jest.useFakeTimers();
    const root = page();
    const app = appContainer(root, 8000);
    await commit(app, '<p role="status">Loading your account...</p>');
    jest.advanceTimersByTime(7999);
    expect(visibleRoot()).toBe(root);
    jest.advanceTimersByTime(1);
    expect(visibleRoot()).toBe(app);
  });

  it.each([
    ['no frame', '', '#welcome-title'],
    ['a frame the page script emptied (no session)', '', null],
    ['a page with no frame marker', '<form>Welcome back</form>', null],
  ])('renders over #root itself on a page with %s', (_, frame, until) => {
    const root = page(frame, until);
    expect(appContainer(root)).toBe(root);
    expect(document.querySelectorAll('#root')).toHaveLength(1);
  });
});
