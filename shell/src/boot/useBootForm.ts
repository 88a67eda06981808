import { useEffect, useRef, useState, type RefObject } from 'react';
import { takeBootForm, type BootForm } from './bootForm';

/**
 * For a form the server prerenders: what was typed into it before the app started (read once, in
 * the first render), and a ref for the form, whose field that had the focus gets it back.
 */
export function useBootForm(): { boot: BootForm | null; form: RefObject<HTMLFormElement | null> } {
  const [boot] = useState(takeBootForm);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (boot?.focused) form.current?.querySelector<HTMLInputElement>(`input[name="${boot.focused}"]`)?.focus();
  }, [boot]);
  return { boot, form };
}
