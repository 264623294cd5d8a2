// Reads an OFAC legacy CSV set: the child files (aliases, addresses, spill-over remarks) are read first into maps
// by ent_num, then the primary file is streamed and each row yielded as soon as it is joined with its children.
import type { Readable } from 'node:stream';
import type { FileSet } from '../../list-source.js';
import {
  readAddCsv,
  readAltCsv,
  readCommentsCsv,
  readPrimaryCsv,
  type AddCsvRow,
  type AltCsvRow,
  type CommentCsvRow,
  type PrimaryCsvRow,
} from './read-legacy-csv.js';

/** Published names of one CSV set (SDN: sdn/alt/add/sdn_comments; consolidated: cons_*). */
export interface LegacyCsvNames {
  readonly primary: string;
  readonly alt: string;
  readonly add: string;
  readonly comments: string;
}

async function groupByEntNum<T extends { entNum: number }>(
  files: FileSet,
  name: string,
  read: (input: Readable, file: string) => AsyncIterable<T>,
): Promise<Map<number, T[]>> {
  const byEnt = new Map<number, T[]>();
  if (!files.has(name)) return byEnt;
  for await (const row of read(files.open(name), name)) {
    const list = byEnt.get(row.entNum);
    if (list) list.push(row);
    else byEnt.set(row.entNum, [row]);
  }
  return byEnt;
}

/** A primary row with its child rows (each list in file order). */
export interface JoinedCsvRow {
  readonly row: PrimaryCsvRow;
  readonly alts: readonly AltCsvRow[];
  readonly adds: readonly AddCsvRow[];
  readonly comments: readonly CommentCsvRow[];
}

/**
 * Yields each primary row joined with its child rows. Optional child files may be absent. Throws on a duplicate
 * ent_num, on child rows whose ent_num is not in the primary file (files from different publications), and on
 * a primary file without rows.
 */
export async function* readLegacyCsvSet(files: FileSet, names: LegacyCsvNames): AsyncGenerator<JoinedCsvRow> {
  const alts = await groupByEntNum(files, names.alt, readAltCsv);
  const adds = await groupByEntNum(files, names.add, readAddCsv);
  const comments = await groupByEntNum(files, names.comments, readCommentsCsv);

  const seen = new Set<number>();
  for await (const row of readPrimaryCsv(files.open(names.primary), names.primary)) {
    if (seen.has(row.entNum)) {
      throw new Error(`${names.primary} line ${row.line}: ent_num ${row.entNum} appears twice`);
    }
    seen.add(row.entNum);
    yield {
      row,
      alts: alts.get(row.entNum) ?? [],
      adds: adds.get(row.entNum) ?? [],
      comments: comments.get(row.entNum) ?? [],
    };
  }
  if (seen.size === 0) throw new Error(`${names.primary}: no entries`);

  for (const [name, byEnt] of [
    [names.alt, alts],
    [names.add, adds],
    [names.comments, comments],
  ] as const) {
    for (const [entNum, rows] of byEnt) {
      if (!seen.has(entNum)) {
        throw new Error(
          `${name} line ${rows[0]!.line}: ent_num ${entNum} is not in ${names.primary} (files from different publications?)`,
        );
      }
    }
  }
}
