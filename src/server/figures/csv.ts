// The CSV files an owner hands to an accountant (the day's orders, the day's payments), in
// the request's language, every time on the restaurant's wall clock (TIME_ZONE): the 21:04
// a waiter saw in Rome is 21:04 in either file. English is RFC 4180 as a program reads it:
// commas, a decimal point, times in ISO 8601 with the zone's offset then
// ("2026-11-21T21:04:54+01:00", so the instant stays exact, the hour repeated in October
// included), codes as the API spells them. Italian is what a spreadsheet in Italian opens
// without an import dialog: semicolons between cells (Excel in Italian splits on them, the
// comma being its decimal mark), a decimal comma, the wall-clock time as a spreadsheet reads
// it ("2026-11-21 21:04:54"), headers and words in Italian, and a byte-order mark so that
// Excel reads the file as UTF-8 (a dish's "è" intact).
import { language } from '../http/language.js';

export interface CsvDialect {
  separator: ',' | ';';
  decimal: '.' | ',';
  bom: string;
  /** An instant as this dialect writes it, on the wall clock of `timeZone` (the restaurant's). */
  time(ms: number, timeZone: string): string;
  /** How this dialect writes codes (a state, a method): English keeps the API's code, Italian takes its word from `words` (worded once a file, not once a row). */
  speller(words: () => Record<string, string>): (code: string) => string;
}

// 'sv-SE' writes "2026-11-21 20:15:00", which every spreadsheet reads as a date and time.
const wallTime = (ms: number, timeZone: string) => new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(ms);

/** The wall clock with the zone's offset at that instant: "2026-11-21T21:04:54+01:00" (the offset is how far the wall clock runs ahead of UTC). */
function wallTimeWithOffset(ms: number, timeZone: string): string {
  const wall = wallTime(ms, timeZone);
  const minutes = Math.round((Date.parse(`${wall.replace(' ', 'T')}Z`) - Math.floor(ms / 1000) * 1000) / 60_000);
  const size = Math.abs(minutes);
  return `${wall.replace(' ', 'T')}${minutes < 0 ? '-' : '+'}${String(Math.floor(size / 60)).padStart(2, '0')}:${String(size % 60).padStart(2, '0')}`;
}

const ENGLISH: CsvDialect = { separator: ',', decimal: '.', bom: '', time: wallTimeWithOffset, speller: () => (code) => code };
const ITALIAN: CsvDialect = {
  separator: ';',
  decimal: ',',
  bom: '\uFEFF',
  time: wallTime,
  speller: (words) => {
    const table = words();
    return (code) => table[code] ?? code;
  },
};

/** The dialect of the request under way (English outside one). */
export const csvDialect = (): CsvDialect => (language() === 'it' ? ITALIAN : ENGLISH);

/** Euro cents as the dialect writes an amount: "18.00", in Italian "18,00"; a refund "-5.00". */
export const csvEuros = (cents: number, dialect: CsvDialect): string => (cents / 100).toFixed(2).replace('.', dialect.decimal);

/** Rows as CSV: quoted when they must be; a leading =, +, - or @ is made text (but in a plain number), so a spreadsheet never runs it as a formula. */
export function csvOf(header: readonly string[], rows: readonly (readonly (string | number | null)[])[], dialect: CsvDialect = csvDialect()): string {
  const { separator } = dialect;
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    // A plain number (a refund's "-5.00", in Italian "-5,00") stays a number.
    const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+([.,]\d+)?$/.test(text) ? `'${text}` : text;
    return safe.includes(separator) || /["\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `${dialect.bom}${[header.join(separator), ...rows.map((row) => row.map(cell).join(separator))].join('\r\n')}\r\n`;
}
