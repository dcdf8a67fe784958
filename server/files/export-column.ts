// A column of a spreadsheet export (CSV or XLSX): its header, its width and how a row fills its cell.
export type Cell = string | number | Date | null;

export interface ExportColumn<Row> {
  header: string;
  /** Characters Excel shows by default (the XLSX column width). */
  width: number;
  /** A date and time, which the XLSX shows as such. */
  date?: boolean;
  cell(row: Row): Cell;
}
