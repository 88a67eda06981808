import { DOB_MAX, DOB_MIN } from '../constants';

/**
 * Why `v` is not a date of birth the profile takes (the reason of the 400 `dob: <reason>`), or
 * null: a real calendar date written YYYY-MM-DD within DOB_MIN..DOB_MAX (spec 9).
 */
export function dobProblem(v: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return 'must be a date YYYY-MM-DD';
  // Date.parse rolls 2001-02-30 over to March: a real date prints back as itself.
  const time = Date.parse(`${v}T00:00:00Z`);
  if (Number.isNaN(time) || !new Date(time).toISOString().startsWith(v)) return 'must be a real date';
  if (v < DOB_MIN || v > DOB_MAX) return `must be between ${DOB_MIN} and ${DOB_MAX}`;
  return null;
}

/** Line breaks and tabs: a name or the anti-phishing phrase is one line. */
const LINE_BREAK = /[\t\n\v\f\r\u0085\u2028\u2029]/;
/**
 * Control characters and the invisible ones that can disguise text: C0 and C1 controls, zero-width
 * space, the direction marks, bidi embeddings, overrides and isolates (U+202E shows "moc.live" as
 * "evil.com"), word joiners and the byte-order mark. ZWNJ and ZWJ (U+200C, U+200D) stay: Persian
 * names and emoji need them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
/** A full stop, and the ideographic and full-width ones browsers also read as one in a host name. */
const DOT = '[.\u3002\uff0e\uff61]';
/**
 * What a mail client could turn into a link: a scheme (`https://`, `mailto:`, `javascript:`),
 * `www.`, a host name (`example.com`, `evil.co/login`, the domain of `x@evil.org`: a letter or
 * digit, a dot, two letters or more) or an IPv4 address. A dot followed by one letter ("A.J.
 * Smith", "Ph.D.", "Jr.") is not a host name.
 */
const LINK_LIKE = [
  /:\/\//,
  /\b(?:mailto|javascript|vbscript|data):/i,
  new RegExp(`(?:^|[^\\p{L}\\p{N}])www\\d{0,3}${DOT}`, 'iu'),
  new RegExp(`[\\p{L}\\p{N}]${DOT}\\p{L}{2,}`, 'u'),
  new RegExp(`\\d${DOT}\\d{1,3}${DOT}\\d{1,3}${DOT}\\d`, 'u'),
];

/**
 * Why `v` is not one line of plain text (the reason of the 400 `<field>: <reason>`), or null. For
 * what opens our mails: a person's name ("Hello …") and the anti-phishing phrase, so nobody can
 * put a second line or a link at the top of a real mail of ours (docs/security.md "Alerts").
 */
export function plainLineProblem(v: string): string | null {
  if (LINE_BREAK.test(v)) return 'must be one line, without line breaks or tabs';
  if (HIDDEN.test(v)) return 'must not contain control or invisible formatting characters';
  if (LINK_LIKE.some((re) => re.test(v))) return 'must not contain a link or web address (such as https://, www. or example.com)';
  return null;
}
