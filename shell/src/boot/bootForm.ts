// What a person typed into the prerendered sign-in form (shell/prerender) before the app started:
// the app's first commit replaces that markup, and the form it renders starts from these values,
// with the focus where it was.

export interface BootForm {
  /** Text fields by name. */
  values: Readonly<Record<string, string>>;
  /** Checkboxes by name. */
  checked: Readonly<Record<string, boolean>>;
  /** The field that had the focus, by name. */
  focused: string | null;
}

let captured: BootForm | null = null;

/** Reads the prerendered form in `container`, if any, just before the app renders over it. */
export function captureBootForm(container: HTMLElement): void {
  const form = container.querySelector('form');
  if (!form) return;
  const values: Record<string, string> = {};
  const checked: Record<string, boolean> = {};
  for (const input of Array.from(form.querySelectorAll('input'))) {
    if (input.type === 'checkbox') checked[input.name] = input.checked;
    else values[input.name] = input.value;
  }
  const active = document.activeElement;
  captured = { values, checked, focused: active instanceof HTMLInputElement && form.contains(active) ? active.name : null };
}

/** The captured form, once: a later visit to the page starts empty. */
export function takeBootForm(): BootForm | null {
  const form = captured;
  captured = null;
  return form;
}
