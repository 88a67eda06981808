/**
 * The password-strength rule both sides apply (docs/security.md, "Passwords are not guessable"):
 * zxcvbn's estimate against its common-password list and English dictionaries. It is its own
 * package entry (`@halcyon/api-client/rules/password`), not part of ./index.ts: the dictionaries
 * are ≈ 800 KB, so the browser imports this file only on demand (shell/src/auth/useNewPassword.ts).
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';

/** zxcvbn score (0–4) a new password needs: 3 is "safely unguessable" (≥ 10^8 guesses). */
export const MIN_PASSWORD_SCORE = 3;

export interface PasswordStrength {
  /** 0 (guessable in a few tries) to 4 (very unguessable). */
  score: 0 | 1 | 2 | 3 | 4;
  /** Why it is guessable ('This is a frequently used password.'), or null. */
  warning: string | null;
  suggestions: string[];
}

/** Only this many leading characters are judged. */
const PASSWORD_JUDGED_LENGTH = 64;

// Built on first use: the matchers index every dictionary, which need not happen at import.
let estimator: ZxcvbnFactory | undefined;

/** zxcvbn's verdict on a password. */
export function passwordStrength(password: string): PasswordStrength {
  estimator ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary },
    // The check runs on the server's event loop: its cost grows with length and l33t variants
    // (≈ 1.5 s for 200 random characters with the defaults). These bounds keep one check under
    // ≈ 60 ms; a password whose first 64 characters are unguessable is strong anyway.
    // (useLevenshteinDistance stays off: ≈ 300 ms a check.)
    maxLength: PASSWORD_JUDGED_LENGTH,
    l33tMaxSubstitutions: 10,
  });
  const { score, feedback } = estimator.check(password);
  return { score, warning: feedback.warning || null, suggestions: feedback.suggestions };
}

/**
 * Why a new password is refused (the reason of the 400 `password: <reason>`), or null when it is
 * hard enough to guess. Length is the schemas' own rule ('must be at least 8 characters').
 */
export function passwordProblem(password: string): string | null {
  const { score, warning, suggestions } = passwordStrength(password);
  if (score >= MIN_PASSWORD_SCORE) return null;
  return ['is too easy to guess.', warning, ...suggestions].filter(Boolean).join(' ');
}
