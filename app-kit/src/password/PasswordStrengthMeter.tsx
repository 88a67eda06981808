import styled from 'styled-components';
import { usePasswordStrength, type NewPasswordStrength } from './usePasswordStrength';

const Bars = styled.div`
  display: grid;
  grid-template-columns: repeat(4, 1fr);
  gap: ${({ theme }) => theme.space(1)};
  margin: ${({ theme }) => theme.space(1)} 0;
`;

const Bar = styled.span<{ $on: boolean; $tone: Tone }>`
  height: 4px;
  border-radius: 2px;
  background: ${({ theme, $on, $tone }) => ($on ? theme.colors[$tone] : theme.colors.surfaceAlt)};
`;

type Tone = 'danger' | 'warning' | 'success';

/** 'Weak' / 'Fair' are refused by the server; 'Strong' is what it takes. */
function verdict({ score, acceptable }: NewPasswordStrength): { label: string; tone: Tone } {
  if (acceptable) return { label: 'Strong', tone: 'success' };
  return score <= 1 ? { label: 'Weak', tone: 'danger' } : { label: 'Fair', tone: 'warning' };
}

// Reserves one line: the verdict appears when the rule's chunk arrives, and must not push the
// submit button down under a pointer that is about to press it.
const Verdict = styled.span`
  display: block;
  min-height: 1.5em;
`;

/**
 * Under a new-password field (in its hint, so the field's aria-describedby reads it): four bars,
 * grey until typing starts, and a polite live text, 'Password strength: Weak. Too easy to guess.
 * <why> <what helps>'. Both are always laid out, so the strength showing up moves nothing below
 * it, and the live region is always rendered so changes are announced, not only a new node.
 */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const strength = usePasswordStrength(password);
  const v = strength ? verdict(strength) : null;
  const advice = strength && !strength.acceptable ? ['Too easy to guess.', strength.warning, ...strength.suggestions].filter(Boolean).join(' ') : '';
  const lit = strength ? Math.max(strength.score, 1) : 0;
  return (
    <div>
      <Bars aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <Bar key={i} $on={i < lit} $tone={v?.tone ?? 'success'} />
        ))}
      </Bars>
      <Verdict role="status" aria-live="polite">
        {v ? `Password strength: ${v.label}.${advice ? ` ${advice}` : ''}` : null}
      </Verdict>
    </div>
  );
}
