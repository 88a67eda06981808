import { phoneRule } from '@halcyon/api-client/model';
import { validateField, type FieldType } from '@halcyon/shared-ui';

export interface FieldRule {
  name: string;
  type: FieldType;
  value: string;
  required?: boolean;
}

/**
 * True when every field passes shared-ui's own rules (the same messages Input shows on submit);
 * otherwise focuses the first bad field so keyboard users land on it.
 */
export function fieldsAreValid(form: HTMLFormElement, rules: FieldRule[]): boolean {
  const bad = rules.find((r) => validateField(r.type, r.value, r.required ?? true, phoneRule) !== null);
  if (!bad) return true;
  const el = form.elements.namedItem(bad.name);
  if (el instanceof HTMLElement) el.focus();
  return false;
}
