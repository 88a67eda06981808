import { useEffect, useState, type RefObject } from 'react';

/**
 * A field counts as touched after blur (when enabled) or when its form is submitted, so the
 * required/email messages appear then and not while the user is still typing the first time.
 * Native `invalid` events are cancelled (our message replaces the browser bubble) and the first
 * invalid field gets focus, so keyboard and screen-reader users land on the problem.
 */
export function useTouched(ref: RefObject<HTMLInputElement | HTMLSelectElement | null>) {
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const form = el.form;
    const onSubmit = () => setTouched(true);
    const onInvalid = (e: Event) => {
      e.preventDefault();
      setTouched(true);
      // validity, not ':invalid', which would re-run checkValidity (and this handler) in jsdom.
      const firstInvalid = form ? Array.from(form.elements).find((f) => 'validity' in f && !(f as HTMLInputElement).validity.valid) : el;
      if (firstInvalid === el) el.focus();
    };
    const onReset = () => setTouched(false);
    form?.addEventListener('submit', onSubmit);
    form?.addEventListener('reset', onReset);
    el.addEventListener('invalid', onInvalid);
    return () => {
      form?.removeEventListener('submit', onSubmit);
      form?.removeEventListener('reset', onReset);
      el.removeEventListener('invalid', onInvalid);
    };
  }, [ref]);
  return [touched, setTouched] as const;
}

/**
 * A form that clears itself after success (value set to '' while the field is not focused)
 * starts fresh: no 'This field is required.' on the emptied field until it is touched again.
 */
export function useResetOnProgrammaticClear(
  value: string,
  ref: RefObject<HTMLInputElement | HTMLSelectElement | null>,
  setTouched: (touched: boolean) => void,
) {
  useEffect(() => {
    if (value === '' && ref.current && document.activeElement !== ref.current) setTouched(false);
  }, [value, ref, setTouched]);
}
