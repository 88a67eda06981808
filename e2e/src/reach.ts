// Issue 29 item 9: at each size, a screen neither scrolls sideways nor hides a control under
// something else (a fixed bar, a card laid over it): each visible link, button and field, scrolled
// to the middle of the view, is what a tap at its centre lands on.
import type { Page } from 'playwright-core';

export interface LayoutProblem {
  kind: 'sideways' | 'covered';
  detail: string;
}

export async function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const found: Array<{ kind: 'sideways' | 'covered'; detail: string }> = [];
    const root = document.documentElement;
    const describe = (el: Element) => {
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${name}"`;
    };
    if (root.scrollWidth > root.clientWidth + 1) found.push({ kind: 'sideways', detail: `the page is ${root.scrollWidth} px wide in a ${root.clientWidth} px view` });
    // A part of it that scrolls sideways on its own (a table wider than its box) hides columns too.
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const overflowX = getComputedStyle(el).overflowX;
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1 && el.checkVisibility()) {
        found.push({ kind: 'sideways', detail: `${describe(el)} is ${el.scrollWidth} px wide in ${el.clientWidth} px` });
      }
    }
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input:not([type=hidden]), select, textarea, summary');
    const startX = window.scrollX;
    const startY = window.scrollY;
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      // Not drawn: a closed <details> (its content is content-visibility: hidden, yet has boxes), a
      // visually hidden skip link until focused, a custom checkbox's own input.
      if (box.width < 4 || box.height < 4 || !el.checkVisibility({ visibilityProperty: true }) || el.closest('[aria-hidden="true"], [inert]')) continue;
      el.scrollIntoView({ block: 'center', inline: 'center' });
      const r = el.getBoundingClientRect();
      const x = Math.min(Math.max(r.left + r.width / 2, 0), window.innerWidth - 1);
      const y = Math.min(Math.max(r.top + r.height / 2, 0), window.innerHeight - 1);
      const hit = document.elementFromPoint(x, y);
      if (!hit) continue;
      const own = el.contains(hit) || hit.contains(el) || [...((el as HTMLInputElement).labels ?? [])].some((l) => l.contains(hit));
      if (!own) found.push({ kind: 'covered', detail: `${describe(el)} is under ${describe(hit)}` });
    }
    window.scrollTo(startX, startY);
    return found;
  });
}
