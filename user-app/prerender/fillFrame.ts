/**
 * The frame's one inline script (prerender/frame.tsx writes it after the markup; the server allows
 * it by its hash): before the first paint, the name the session keeps goes where the frame says
 * `sentinel`, as text. A visitor with no investor session gets no frame: the app starts from an
 * empty page as it would without one. It is sent as its own source text, so it
 * uses nothing outside itself.
 */
export function fillFrame(root: HTMLElement | null, key: string, sentinel: string): void {
  if (!root) return;
  let name: unknown;
  try {
    const raw = window.localStorage.getItem(key) ?? window.sessionStorage.getItem(key);
    const session = raw ? (JSON.parse(raw) as { token?: unknown; user?: { name?: unknown } | null }) : null;
    if (session?.token) name = session.user?.name;
  } catch {
    // Storage blocked or unreadable: as with no session.
  }
  if (typeof name !== 'string') {
    root.replaceChildren();
    root.removeAttribute('data-frame-until');
    return;
  }
  const texts = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    if (node.nodeValue?.includes(sentinel)) node.nodeValue = node.nodeValue.split(sentinel).join(name);
  }
}
