import { prefetchAppScripts } from './prefetchApp';

const prefetched = () => Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')).map((l) => l.getAttribute('href'));

describe('prefetchAppScripts (the sign-in page, once idle)', () => {
  afterEach(() => {
    document.head.querySelectorAll('link[rel="prefetch"]').forEach((l) => l.remove());
    jest.restoreAllMocks();
  });

  it("prefetches the app's start scripts and what a remote's page adds, as the shell's build lists them, only once idle", async () => {
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ start: ['main.1.js', 'framework.2.js'], remotes: ['595.3.js'], other: ['x.js'] }));
    let idle: () => void = () => undefined;
    Object.assign(window, { requestIdleCallback: (run: () => void) => (idle = run) });
    prefetchAppScripts();
    expect(fetchMock).not.toHaveBeenCalled();
    idle();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).toHaveBeenCalledWith('/page-preloads.json');
    expect(prefetched()).toEqual(['/main.1.js', '/framework.2.js', '/595.3.js']);
  });

  it('no list (a build without it, or offline): nothing is prefetched and nothing is thrown', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('missing', { status: 404 }));
    Object.assign(window, { requestIdleCallback: (run: () => void) => run() });
    prefetchAppScripts();
    await new Promise((resolve) => setTimeout(resolve, 0));
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    prefetchAppScripts();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(prefetched()).toEqual([]);
  });
});
