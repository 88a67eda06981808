import { fillFrame } from './fillFrame';

const KEY = 'halcyon:user';
const SENTINEL = 'HALCYON_SESSION_NAME';

/** The frame as the server sends it, run through the script as the page runs it: its source text alone. */
function frame(): HTMLElement {
  document.body.innerHTML = `<div id="root" data-frame-until="#welcome-title"><main><h2 id="welcome-title">Welcome, <!-- -->${SENTINEL}</h2><p>Crypto Investment Made Easy.</p></main></div>`;
  new Function(`(${fillFrame.toString()})(document.getElementById('root'), ${JSON.stringify(KEY)}, ${JSON.stringify(SENTINEL)})`)();
  return document.getElementById('root') as HTMLElement;
}

const session = (name: unknown, token: unknown = 'tok') => JSON.stringify({ user: { uid: 'u1', name, email: 'a@b.c', username: 'a', profilePic: null }, token, remember: false });

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the frame script (issue 32)', () => {
  it('puts the name of the session in sessionStorage where the frame says, as text', () => {
    sessionStorage.setItem(KEY, session('<img src=x onerror=alert(1)> Ada'));
    const root = frame();
    expect(root.querySelector('h2')?.textContent).toBe('Welcome, <img src=x onerror=alert(1)> Ada');
    expect(root.querySelector('img')).toBeNull();
    expect(root.dataset.frameUntil).toBe('#welcome-title');
  });

  it('reads a remembered session from localStorage', () => {
    localStorage.setItem(KEY, session('Grace Hopper'));
    expect(frame().querySelector('h2')?.textContent).toBe('Welcome, Grace Hopper');
  });

  it.each([
    ['no session', null],
    ['a signed-out one (no token)', session('Ada', '')],
    ['one with no name', session(undefined)],
    ['an unreadable one', '{not json'],
  ])('shows no frame with %s: the page starts empty, as without one', (_, stored) => {
    if (stored !== null) sessionStorage.setItem(KEY, stored);
    const root = frame();
    expect(root.childNodes).toHaveLength(0);
    expect(root.hasAttribute('data-frame-until')).toBe(false);
  });
});
