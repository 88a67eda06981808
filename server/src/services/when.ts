/** '2026-11-26 14:05 UTC': how refusals and mails say when. */
export const utc = (d: Date): string => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
