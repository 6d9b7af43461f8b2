import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import type { ImportTable, TableReport } from "./report.server";

export interface CsvRecord {
  row: number;
  values: Record<string, string | null>;
}

/**
 * The records of one export, keyed by the header's column names. Supabase writes NULL as an empty
 * field, so an empty field reads as null. Null when there is no file; throws on a file that is not
 * CSV at all (the caller reports it as the table's one skipped "row").
 */
export function readCsv(
  dir: string,
  table: ImportTable,
  report: TableReport,
): { columns: string[]; records: CsvRecord[] } | null {
  const file = path.join(dir, `${table}.csv`);
  if (!fs.existsSync(file)) return null;
  const rows = parse(fs.readFileSync(file), {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
  }) as string[][];
  const [header, ...body] = rows;
  if (!header) return { columns: [], records: [] };
  const columns = header.map((name) => name.trim().toLowerCase());
  const records: CsvRecord[] = [];
  body.forEach((fields, index) => {
    const row = index + 2;
    if (fields.length !== columns.length) {
      report.skipped.push({
        row,
        reason: `has ${fields.length} fields where the header names ${columns.length}`,
      });
      return;
    }
    const values: Record<string, string | null> = {};
    columns.forEach((column, i) => {
      const value = fields[i] ?? "";
      values[column] = value === "" ? null : value;
    });
    records.push({ row, values });
  });
  return { columns, records };
}
