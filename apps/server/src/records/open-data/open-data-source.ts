import type { OpenDataFormat } from '@pest/contracts';

/**
 * One dataset's export before it is written (decision 0422): a small head read at once, and its
 * rows in batches, read only while the file is written.
 */
export interface OpenDataSource<Head, Row> {
  /** Changes whenever what the export shows changes; the stored file and its ETag are named by it. */
  version: string;
  fileName: (format: OpenDataFormat) => string;
  lastModified: Date | null;
  /** The JSON's fields before `items`, in their order. */
  head: Omit<Head, 'items'>;
  /** The rows in the export's order, a batch at a time. */
  rows: () => AsyncIterable<Row[]>;
}
