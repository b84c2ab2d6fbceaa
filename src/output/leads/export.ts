// What `leads export` writes: -o ndjson (default), csv or json, or a lead file (--preset, -o vcf). The
// formatter built here turns the engine's spooled lines (one lead as JSON each) into that text; the
// command hands it to the engine (src/jobs/leads/export.ts), which decides no format itself.
import type { AppendCheck, Formatter } from '../../jobs/leads/output.js';
import { csvCellCount, isLeadLine } from '../../jobs/leads/append-check.js';
import { UsageError } from '../../errors.js';
import { csvLine, csvPreamble, csvSettingsFrom } from '../csv-values.js';
import { leadFile, type LeadFileKind } from './files.js';
import { chosenFormat, type OutputFlags, parseFieldList } from '../settings.js';
import { getPath, pick } from '../values.js';
import { LEAD_CSV_COLUMNS, leadCsvRow } from '../views/leads.js';

export type ExportFormat = 'ndjson' | 'csv' | 'json';
const EXPORT_FORMATS: readonly string[] = ['ndjson', 'csv', 'json'] satisfies ExportFormat[];

/** The format of `leads export`: -o ndjson (the default), csv or json; a lead file is its own. Exit 2 for any other. */
export function leadExportFormat(flags: OutputFlags, file: LeadFileKind | undefined): ExportFormat {
  const output = file ? 'ndjson' : chosenFormat(flags, false, 'lead-export');
  if (!EXPORT_FORMATS.includes(output)) {
    throw new UsageError(`leads export writes ndjson, csv, json or vcf, not ${output} (-o ndjson|csv|json|vcf)`);
  }
  return output as ExportFormat;
}

/** The export's formatter: a lead file's (preset CSV, vCards), or `format` with --fields and the CSV flags. */
export async function leadExportFormatter(
  format: ExportFormat,
  file: LeadFileKind | undefined,
  flags: OutputFlags,
): Promise<Formatter> {
  const fields = flags.fields ? parseFieldList(flags.fields) : undefined;
  const csv = csvSettingsFrom(flags);
  if (file) {
    const f = await leadFile(file, csv);
    const header = f.header();
    return {
      header: () => f.header(),
      item: (line) => f.item(JSON.parse(line)),
      footer: () => '',
      skipped: () => f.skipped,
      append:
        'preset' in file
          ? { label: 'preset CSV (same columns)', fits: sameCsv(header, csv.delimiter), records: 'csv' }
          : {
              label: 'vCard',
              fits: { first: (l) => l.startsWith('BEGIN:VCARD'), last: (l) => l === 'END:VCARD' },
              records: 'vcard',
            },
    };
  }
  let count = 0;
  if (format === 'ndjson') {
    return {
      header: () => '',
      item: (line) => (fields ? JSON.stringify(pick(JSON.parse(line), fields)) : line) + '\n',
      footer: () => '',
      skipped: () => 0,
      append: {
        label: 'ndjson lead',
        fits: { first: (l) => isLeadLine(l, fields), last: (l) => isLeadLine(l, fields) },
      },
    };
  }
  if (format === 'json') {
    return {
      header: () => '[',
      item: (line) => {
        const doc = JSON.stringify(fields ? pick(JSON.parse(line), fields) : JSON.parse(line), null, 2).replace(
          /^/gm,
          '  ',
        );
        return (count++ ? ',\n' : '\n') + doc;
      },
      footer: () => (count ? '\n]\n' : ']\n'),
      skipped: () => 0,
      append: { label: 'json', fits: 'never' },
    };
  }
  // The CSV row mapper of the leads view (contact split, answers in one cell), as `leads list -o csv`.
  const columns = fields ?? [...LEAD_CSV_COLUMNS];
  const header = csvPreamble(csv) + csvLine(columns, csv);
  return {
    header: () => header,
    item: (line) => {
      const lead = JSON.parse(line) as Record<string, unknown>;
      const row = leadCsvRow(lead);
      return csvLine(
        columns.map((c) => getPath(row, c) ?? getPath(lead, c)),
        csv,
      );
    },
    footer: () => '',
    skipped: () => 0,
    append: { label: 'csv (same columns)', fits: sameCsv(header, csv.delimiter), records: 'csv' },
  };
}

/**
 * An existing export this CSV can be added to: its first line is `header`, and its last complete record
 * is that header or a row of as many cells.
 */
function sameCsv(header: string, delimiter = ','): AppendCheck['fits'] {
  const line = header.replace(/^\uFEFF/, '').replace(/\r?\n$/, '');
  const cells = csvCellCount(line, delimiter);
  return {
    first: (l) => l === line,
    last: (r) => r === line || csvCellCount(r, delimiter) === cells,
    quoted: true,
  };
}
