// Writes an export as CSV, streamed a batch at a time: UTF-8 with a byte order mark (so Excel reads accents),
// RFC 4180 quoting by csv-stringify.
import { stringify, type Options } from 'csv-stringify/sync';
import { Readable } from 'node:stream';
import type { ExportColumn } from './export-column';

/**
 * A text cell that a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, `|`, tab, carriage return first) gets
 * a leading apostrophe, so a metadata value or a name someone typed can never run in the reader's spreadsheet.
 */
export const neutraliseFormula = (text: string) => (/^[=+\-@|\t\r]/.test(text) ? `'${text}` : text);

const options: Options = { cast: { date: (date) => date.toISOString(), string: neutraliseFormula } };

/** The header, then one chunk of CSV per batch (a write per row would cost a write call per row). */
async function* csvChunks<Row>(
  columns: readonly ExportColumn<Row>[],
  batches: AsyncIterable<Row[]>,
): AsyncGenerator<Buffer> {
  yield Buffer.from(stringify([columns.map((column) => column.header)], { ...options, bom: true }));
  for await (const batch of batches) {
    yield Buffer.from(
      stringify(
        batch.map((row) => columns.map((column) => column.cell(row))),
        options,
      ),
    );
  }
}

/** The CSV bytes; destroying the stream (an abandoned download) stops the batch reads. */
export function csvExport<Row>(
  columns: readonly ExportColumn<Row>[],
  batches: AsyncIterable<Row[]>,
): Readable {
  return Readable.from(csvChunks(columns, batches), { objectMode: false });
}
