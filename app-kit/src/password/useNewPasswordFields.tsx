import { useState, type ReactNode } from 'react';
import { Input, type InputProps } from '@halcyon/shared-ui';
import { toast } from '@halcyon/shared-ui/toast';
import type { FieldRule } from '../kit/validate';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

/** Spec 5: the two passwords of a form differ (a field message and an error toast; no request is sent). */
const PASSWORD_MISMATCH = 'Passwords do not match!';

export interface NewPasswordFieldsOptions {
  /** The two fields' labels: 'Password' and 'Confirm Password' (register), 'New Password' (reset). */
  labels: { password: string; confirm: string };
  /** Their names (the form's rules focus by name): default 'password' and 'confirmPassword'. */
  names?: { password: string; confirm: string };
  /** What was typed already (the prerendered sign-up form's values). */
  initial?: { password: string; confirm: string };
}

export interface NewPasswordFields {
  password: string;
  confirm: string;
  /** The two inputs: the new password with the strength meter in its hint, then its confirmation. */
  fields: ReactNode;
  /** Both are required (useToastForm's rules). */
  rules: FieldRule[];
  /**
   * True when the two are the same. Otherwise the spec's message under the confirmation and as an
   * error toast in `group` (the form's, so its success closes it), and false: send nothing.
   */
  matches(group?: string): boolean;
  /** Both emptied, after a change went through. */
  clear(): void;
}

/**
 * A new password and its confirmation, as every form that sets one asks them (register, the reset
 * link's form, Security's change of password): the rule's strength meter as the user types
 * (docs/security.md "Passwords are not guessable"), and 'Passwords do not match!' on submit until
 * either is typed again.
 */
export function useNewPasswordFields({ labels, names = { password: 'password', confirm: 'confirmPassword' }, initial }: NewPasswordFieldsOptions): NewPasswordFields {
  const [password, setPassword] = useState(initial?.password ?? '');
  const [confirm, setConfirm] = useState(initial?.confirm ?? '');
  const [mismatch, setMismatch] = useState(false);
  /** One of the two: typing in either takes the mismatch message away. */
  const input = (label: string, name: string, value: string, set: (v: string) => void, extra: Pick<InputProps, 'hint' | 'error'>) => (
    <Input
      label={label}
      name={name}
      type="password"
      value={value}
      onChange={(v) => {
        set(v);
        setMismatch(false);
      }}
      required
      autoComplete="new-password"
      {...extra}
    />
  );
  const fields = (
    <>
      {input(labels.password, names.password, password, setPassword, { hint: <>At least 8 characters.<PasswordStrengthMeter password={password} /></> })}
      {input(labels.confirm, names.confirm, confirm, setConfirm, { error: mismatch ? PASSWORD_MISMATCH : null })}
    </>
  );
  return {
    password,
    confirm,
    fields,
    rules: [
      { name: names.password, type: 'password', value: password },
      { name: names.confirm, type: 'password', value: confirm },
    ],
    matches(group) {
      if (password === confirm) return true;
      setMismatch(true);
      toast.error(PASSWORD_MISMATCH, { group });
      return false;
    },
    clear() {
      setPassword('');
      setConfirm('');
      setMismatch(false);
    },
  };
}
