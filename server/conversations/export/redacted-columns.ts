// An export's columns with their text redacted: every text cell (metadata, comments, ids a sender chose) goes
// through the redaction; numbers and dates stay as they are.
import type { ExportColumn } from '../../files/export-column';
import { redacted } from '../../redaction/redact';

export const redactedColumns = <Row>(columns: readonly ExportColumn<Row>[]): ExportColumn<Row>[] =>
  columns.map((column) => ({
    ...column,
    cell: (row) => {
      const value = column.cell(row);
      return typeof value === 'string' ? redacted(value) : value;
    },
  }));
