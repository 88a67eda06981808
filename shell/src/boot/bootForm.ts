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

let prerendered: HTMLFormElement | null = null;

/** Keeps the prerendered form in `container`, if any, for the app's first render to read. */
export function captureBootForm(container: HTMLElement): void {
  prerendered = container.querySelector('form');
}

/** After the app's first commit: a prerendered form no screen took is no one's (not a later screen's). */
export function forgetBootForm(): void {
  prerendered = null;
}

/**
 * The prerendered form's values, once (a later visit starts empty). Read while the app renders
 * its first frame: the markup is still there, and the same task commits over it, so nothing typed
 * can fall between the two.
 */
export function takeBootForm(): BootForm | null {
  const form = prerendered;
  prerendered = null;
  if (!form) return null;
  const values: Record<string, string> = {};
  const checked: Record<string, boolean> = {};
  for (const input of Array.from(form.querySelectorAll('input'))) {
    if (input.type === 'checkbox') checked[input.name] = input.checked;
    else values[input.name] = input.value;
  }
  const active = document.activeElement;
  return { values, checked, focused: active instanceof HTMLInputElement && form.contains(active) ? active.name : null };
}
