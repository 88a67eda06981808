import { useEffect, useState } from 'react';
import type { PasswordStrength } from '@halcyon/api-client/rules/password';

export interface NewPasswordStrength extends PasswordStrength {
  /** True when the server will take it (the rule's MIN_PASSWORD_SCORE). */
  acceptable: boolean;
}

type Rule = typeof import('@halcyon/api-client/rules/password');
let rule: Promise<Rule> | undefined;

/** The rule's module, downloaded once (its dictionaries are ≈ 800 KB, so never up front). */
function loadRule(): Promise<Rule> {
  return (rule ??= import('@halcyon/api-client/rules/password').catch((error: unknown) => {
    // Offline or a new deploy: the next keystroke tries again.
    rule = undefined;
    throw error;
  }));
}

/**
 * How guessable the password being typed is, by the rule the server applies to new passwords;
 * null while the field is empty or the rule is still loading (it loads on the first keystroke).
 * The server's 400 stays the authority: this only tells the user early.
 */
export function usePasswordStrength(password: string): NewPasswordStrength | null {
  const [strength, setStrength] = useState<NewPasswordStrength | null>(null);
  useEffect(() => {
    if (password === '') {
      setStrength(null);
      return;
    }
    let current = true;
    loadRule().then(
      ({ passwordStrength, MIN_PASSWORD_SCORE }) => {
        if (!current) return;
        const s = passwordStrength(password);
        setStrength({ ...s, acceptable: s.score >= MIN_PASSWORD_SCORE });
      },
      // Without the rule there is no meter; the submit still gets the server's answer.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [password]);
  return password === '' ? null : strength;
}
