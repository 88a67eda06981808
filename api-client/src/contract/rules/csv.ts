// CSV as exports and statements write it (RFC 4180, CRLF lines), safe to open in a spreadsheet.

/**
 * A text cell: always quoted (commas, quotes and line breaks stay inside it), and never read as a
 * formula by a spreadsheet: a leading =, +, -, @, tab or CR gets a ' first (OWASP CSV injection).
 */
export const csvTextCell = (value: string): string => `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;

/** A money cell: a plain number with two decimals (a negative amount stays a number). */
export const csvMoneyCell = (usd: number): string => usd.toFixed(2);

/** One line of cells, CRLF-terminated. */
export const csvLine = (cells: readonly string[]): string => `${cells.join(',')}\r\n`;
