/**
 * CSV files people open in a spreadsheet (the console's member export, an event's answers):
 * csv-stringify with CRLF records, every cell neutralised, and a UTF-8 BOM at the start of the file
 * so that spreadsheets read Cyrillic right.
 */
import { stringify } from "csv-stringify/sync";

export const BOM = "\uFEFF";

/**
 * A spreadsheet opens a cell that starts with = + - @ (or a tab or carriage return) as a formula:
 * such a cell is prefixed with an apostrophe, so it stays text (OWASP, CSV injection).
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** CSV records (no BOM: a file starts with `BOM`), each cell neutralised; null is an empty cell. */
export function csvRecords(records: readonly (readonly (string | number | boolean | null)[])[]): string {
  return stringify(
    records.map((cells) => cells.map((c) => neutraliseCell(c === null ? "" : String(c)))),
    { record_delimiter: "\r\n" },
  );
}
