// A page the server sent with a remote's screen frame in #root (server http/frames.ts; the
// dashboard's, user-app/prerender/frame.tsx) keeps it on screen until the app shows that screen.
// Rendered over #root, the app's first commit would replace the frame with the remote's loading
// state, and the page would go from the frame to a spinner and back.

/** Longest the frame stands in for the app: past it, whatever the app shows is shown. */
const HOLD_MS = 8000;

/**
 * Where the app renders. With a frame, a hidden sibling of `root` that takes its place (and id) once
 * it holds the frame's `data-frame-until` element, or an alert, or the app has gone to another path,
 * or after `holdMs`; without one, `root` itself.
 */
export function appContainer(root: HTMLElement, holdMs = HOLD_MS): HTMLElement {
  const until = root.dataset.frameUntil;
  if (!until || !root.firstElementChild) return root;
  const path = window.location.pathname;
  const app = document.createElement('div');
  app.hidden = true;
  root.after(app);
  const shows = () => app.querySelector(`${until}, [role="alert"]`) !== null || window.location.pathname !== path;
  const show = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    root.remove();
    // The frame's own styles (user-app/prerender: not styled-components' tags) style nothing now.
    for (const style of document.querySelectorAll('style[data-frame]')) style.remove();
    app.id = 'root';
    app.hidden = false;
  };
  // Called after each commit's DOM changes, before the browser paints them.
  const observer = new MutationObserver(() => {
    if (shows()) show();
  });
  observer.observe(app, { childList: true, subtree: true, characterData: true });
  const timer = window.setTimeout(show, holdMs);
  return app;
}
