/**
 * A value a person chose (their name, their anti-phishing phrase) as it may stand in one of our
 * mails: one line of plain text that no mail client turns into a link (docs/security.md "Alerts").
 * The contract refuses new values with line breaks or links (plainLineProblem); this also makes
 * values stored before that rule, or written by other paths, harmless where a mail shows them:
 * - every run of whitespace, control or invisible formatting characters (bidi overrides,
 *   zero-width space, BOM) becomes one space, and the ends are trimmed;
 * - at most `max` characters (code points), the last one `…` when cut;
 * - `://` becomes `[:]//`, and a dot inside a host name `[.]` (the usual way to defang a link):
 *   a dot after a character that is neither a space nor a dot and before two such characters
 *   ("evil.com", not "A.J. Smith" or "Jr."), and a dot between digits ("10.0.0.1").
 *
 * The database applies the same steps to the anti-phishing phrase (mail_line in migration 020,
 * used by mail_outbox_add, which a money function also calls); test/core/plain-text.test.ts checks
 * that both give the same line. Hence only ASCII classes and explicit code points: the two regex
 * engines agree on those (and the `u` flag, so both count code points).
 */
export function mailLine(value: string, max: number): string {
  const line = value.replace(SPACES, ' ').replace(/^ | $/g, '');
  const chars = Array.from(line);
  const capped = chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
  return capped.replaceAll('://', '[:]//').replace(HOST_DOT, '[.]').replace(DIGIT_DOT, '[.]');
}

/** Longest name a mail shows (the contract allows 120 characters). */
export const MAIL_NAME_MAX = 120;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SPACES = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200b\u200e\u200f\u2028-\u202f\u205f-\u2064\u2066-\u2069\u3000\ufeff]+/gu;
const HOST_DOT = /(?<=[^ .\u3002\uff0e\uff61])[.\u3002\uff0e\uff61](?=[^ .\u3002\uff0e\uff61]{2})/gu;
const DIGIT_DOT = /(?<=[0-9])[.](?=[0-9])/g;
