import { useEffect, useRef, type RefObject } from 'react';

type Refs = RefObject<HTMLElement | null> | readonly RefObject<HTMLElement | null>[];

/**
 * Calls handler on any pointerdown outside the element(s). pointerdown (not click) so a press
 * that starts outside closes things even if it ends inside, and touch works the same as mouse.
 */
export function useOutsideClick(refs: Refs, handler: (event: PointerEvent) => void, enabled = true): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    const list = Array.isArray(refs) ? refs : [refs as RefObject<HTMLElement | null>];
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (!target) return;
      if (list.some((r) => r.current?.contains(target))) return;
      handlerRef.current(event);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [refs, enabled]);
}
