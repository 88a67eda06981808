import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { takeBootForm, type BootForm } from './bootForm';

/**
 * For a form the server prerenders: what was typed into it before the app started (read once, in
 * the first render), and a ref for the form, whose field that had the focus gets it back.
 */
export function useBootForm(): { boot: BootForm | null; form: RefObject<HTMLFormElement | null> } {
  const [boot] = useState(takeBootForm);
  const form = useRef<HTMLFormElement>(null);
  // In the commit's own task: between the commit (which removes the focused prerendered field) and
  // a passive effect, a keystroke would go to no field and be lost (seen once in CI, typing as the app started).
  useLayoutEffect(() => {
    if (boot?.focused) form.current?.querySelector<HTMLInputElement>(`input[name="${boot.focused}"]`)?.focus();
  }, [boot]);
  return { boot, form };
}
