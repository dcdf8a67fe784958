// Writes an export as an XLSX workbook, streamed: rows are committed as they come, and reading waits while the
// download is slower than the database.
import type ExcelJS from 'exceljs';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import type { ExportColumn } from './export-column';

/**
 * True while the stream holds more than it wants. exceljs' zip input is a `readable-stream` 2 stream, older than
 * Node's `writableNeedDrain`, so its state is read where that version keeps it.
 */
const needsDrain = (stream: Writable) =>
  stream.writableNeedDrain ??
  (stream as unknown as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain ??
  false;

/** Resolves when the stream wants more, or when it is gone (the download was abandoned). */
function readyForMore(stream: Writable): Promise<void> {
  if (!needsDrain(stream) || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/**
 * The streams exceljs pushes a sheet's XML into (the zip's input for that entry). Its sheet buffer writes there
 * without heeding their answer, so with a slow reader the XML would pile up in them, row after row: waiting
 * for them as well as for the download keeps memory flat. These are exceljs internals (`stream.pipes`, read
 * defensively): if they change, only the wait on the download remains.
 */
function sheetSinks(sheet: ExcelJS.Worksheet): Writable[] {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
  return Array.isArray(pipes) ? (pipes as Writable[]) : [];
}

async function writeWorkbook<Row>(
  output: PassThrough,
  sheetName: string,
  columns: readonly ExportColumn<Row>[],
  batches: AsyncIterable<Row[]>,
) {
  // Loaded on the first export rather than at start: exceljs and its zip libraries are the heaviest modules the
  // server has (about 190 ms of CPU to load, measured alone).
  const { default: excel } = await import('exceljs');
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
  const abandoned = new Promise<void>((resolve) => output.once('close', resolve));
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.width,
    ...(column.date ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
  }));
  for await (const batch of batches) {
    for (const row of batch) sheet.addRow(columns.map((column) => column.cell(row))).commit();
    // exceljs does not wait for its reader: the next batch is read only once the zip and the download took this one.
    await Promise.race([Promise.all([...sheetSinks(sheet), output].map(readyForMore)), abandoned]);
    if (output.destroyed) return;
  }
  sheet.commit();
  await workbook.commit();
}

/** The XLSX bytes; a failure midway destroys the stream, so the download ends in error rather than truncated. */
export function xlsxExport<Row>(
  columns: readonly ExportColumn<Row>[],
  batches: AsyncIterable<Row[]>,
  sheetName = 'Conversations',
): Readable {
  const output = new PassThrough();
  writeWorkbook(output, sheetName, columns, batches).catch((error: unknown) =>
    output.destroy(error as Error),
  );
  return output;
}
