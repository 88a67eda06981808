/**
 * The phone rule both sides apply (docs/frontend-contract.md, Rules): an international number
 * '+<country calling code><national number>', digits only, the calling code one the ITU assigned
 * and the national number 2 to 17 digits (spec 5: libphonenumber's limits). No per-country length or
 * range check: that needs libphonenumber's metadata (≈ 29 KB gzip in the browser).
 */

export const PHONE_NATIONAL_MIN = 2;
export const PHONE_NATIONAL_MAX = 17;

// Country calling codes (ITU-T E.164 assignments, as libphonenumber-js 1.13.16 lists them).
// They form a prefix code: no code begins another, so a number has at most one.
const CALLING_CODES: ReadonlySet<string> = new Set(
  '1 7 20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98 211 212 213 216 218 220 221 222 223 224 225 226 227 228 229 230 231 232 233 234 235 236 237 238 239 240 241 242 243 244 245 246 247 248 249 250 251 252 253 254 255 256 257 258 260 261 262 263 264 265 266 267 268 269 290 291 297 298 299 350 351 352 353 354 355 356 357 358 359 370 371 372 373 374 375 376 377 378 380 381 382 383 385 386 387 389 420 421 423 500 501 502 503 504 505 506 507 508 509 590 591 592 593 594 595 596 597 598 599 670 672 673 674 675 676 677 678 679 680 681 682 683 685 686 687 688 689 690 691 692 850 852 853 855 856 880 886 960 961 962 963 964 965 966 967 968 970 971 972 973 974 975 976 977 992 993 994 995 996 998'.split(' '),
);

/** Calling code and national digits of '+<digits>', or null when no calling code starts it. */
export function splitPhoneNumber(value: string): { code: string; national: string } | null {
  if (!/^\+\d+$/.test(value)) return null;
  for (let length = 1; length <= 3; length += 1) {
    const code = value.slice(1, 1 + length);
    if (CALLING_CODES.has(code)) return { code, national: value.slice(1 + length) };
  }
  return null;
}

/** True for a number the API stores (register's phone, the profile's phoneNumber). */
export function isPhoneNumber(value: string): boolean {
  const national = splitPhoneNumber(value)?.national;
  return national !== undefined && national.length >= PHONE_NATIONAL_MIN && national.length <= PHONE_NATIONAL_MAX;
}

/** The rule as a phone field applies it (shared-ui's `PhoneRule`: the check and the digits it keeps). */
export const phoneRule = { isValid: isPhoneNumber, nationalMax: PHONE_NATIONAL_MAX } as const;
