// Reads a worksheet of an XLSX straight from its XML, for workbooks exceljs 4.4 cannot load. The IDB's Power BI
// export is one: every element carries a namespace prefix (`<x:workbook>`, `<x:sheets>`, `<x:row>`), which
// exceljs's parsers do not recognise (its workbook model comes back undefined: "Cannot read properties of
// undefined (reading 'sheets')"); its sheet is also `xl/worksheets/sheet.xml`, a name exceljs does not look for.
// SheetJS reads that workbook, but its npm release (xlsx 0.18.5, 2022) carries unfixed advisories
// (CVE-2023-30533 prototype pollution, CVE-2024-22363 ReDoS) and its fixed releases are published only on its
// own CDN, so this reader stays: the ZIP is opened with jszip (already brought by exceljs) and the XML read with
// saxes; elements are matched by local name, parts are found through the relationships, and cells are placed by
// their `r` reference (or in order when it is absent). Same output as xlsxRows: rows of cell text, dates as ISO.
import path from 'node:path/posix';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import JSZip from 'jszip';
import { children, xmlElements, type XmlNode } from './xml-elements.js';

/** The parts of an OOXML package by name. */
interface Package {
  has(part: string): boolean;
  /** The part's text, BOM stripped; throws when absent. */
  text(part: string): Promise<string>;
}

async function openPackage(input: Readable): Promise<Package> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(await buffer(input));
  } catch (err) {
    throw new Error(`not a ZIP archive (so not an XLSX workbook): ${(err as Error).message}`, { cause: err });
  }
  return {
    has: (part) => zip.file(part) !== null,
    async text(part) {
      const file = zip.file(part);
      if (!file) throw new Error(`workbook part ${part} not found`);
      return (await file.async('string')).replace(/^\uFEFF/, '');
    },
  };
}

/** The elements with a local name in one part of the package (namespace prefixes ignored, BOM stripped). */
async function elements(zip: Package, part: string, name: string): Promise<XmlNode[]> {
  const text = await zip.text(part);
  const out: XmlNode[] = [];
  for await (const node of xmlElements(Readable.from([text], { objectMode: false }), name)) out.push(node);
  return out;
}

/** A part's target resolved against the part that references it (`/xl/x.xml` absolute, `worksheets/s.xml` relative). */
function resolve(from: string, target: string): string {
  return target.startsWith('/') ? target.slice(1) : path.normalize(path.join(path.dirname(from), target));
}

async function relationships(
  zip: Package,
  part: string,
): Promise<Map<string, { type: string; target: string }>> {
  const rels = path.join(path.dirname(part), '_rels', `${path.basename(part)}.rels`);
  const out = new Map<string, { type: string; target: string }>();
  if (!zip.has(rels)) return out;
  for (const r of await elements(zip, rels, 'Relationship')) {
    out.set(r.attrs['Id'] ?? '', {
      type: r.attrs['Type'] ?? '',
      target: resolve(part, r.attrs['Target'] ?? ''),
    });
  }
  return out;
}

/** Text of a string item (`<si>` or `<is>`): plain `<t>` or rich-text runs, phonetic runs left out. */
function itemText(node: XmlNode): string {
  const direct = children(node, 't');
  if (direct.length > 0) return direct.map((t) => t.text).join('');
  return children(node, 'r')
    .flatMap((r) => children(r, 't'))
    .map((t) => t.text)
    .join('');
}

const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);
const isDateCode = (code: string) => /[dmyhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, ''));

/** Which cell styles (index into cellXfs) format numbers as dates. */
async function dateStyles(zip: Package, stylesPart: string | undefined): Promise<Set<number>> {
  const out = new Set<number>();
  if (!stylesPart || !zip.has(stylesPart)) return out;
  const custom = new Map<number, string>();
  for (const f of await elements(zip, stylesPart, 'numFmt')) {
    custom.set(Number(f.attrs['numFmtId']), f.attrs['formatCode'] ?? '');
  }
  const [cellXfs] = await elements(zip, stylesPart, 'cellXfs');
  children(cellXfs ?? { name: '', attrs: {}, text: '', children: [] }, 'xf').forEach((xf, i) => {
    const id = Number(xf.attrs['numFmtId'] ?? 0);
    if (BUILTIN_DATE_FORMATS.has(id) || (custom.has(id) && isDateCode(custom.get(id)!))) out.add(i);
  });
  return out;
}

/** Excel serial day (1900 system) → YYYY-MM-DD. */
function serialDate(serial: number): string {
  return new Date(Math.round((serial - 25569) * 86400000)).toISOString().slice(0, 10);
}

/** 0-based column of a cell reference (`C5` → 2); null when absent or malformed. */
function columnOf(ref: string | undefined): number | null {
  const letters = /^([A-Z]+)\d*$/i.exec(ref ?? '')?.[1];
  if (!letters) return null;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/**
 * Yields the rows of the first worksheet (or the one named) as arrays of cell text, 0-based columns; rows
 * missing between numbered rows are yielded as [] so that row i is the sheet's row i + 1.
 */
export async function* xlsxSheetXmlRows(input: Readable, sheetName?: string): AsyncGenerator<string[]> {
  const zip = await openPackage(input);
  const root = await relationships(zip, '');
  const workbookPart =
    [...root.values()].find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  if (!zip.has(workbookPart)) throw new Error(`workbook part ${workbookPart} not found`);
  const rels = await relationships(zip, workbookPart);
  const sheets = await elements(zip, workbookPart, 'sheet');
  const sheet = sheetName ? sheets.find((s) => s.attrs['name'] === sheetName) : sheets[0];
  if (!sheet) throw new Error(sheetName ? `worksheet "${sheetName}" not found` : 'workbook has no worksheet');
  const sheetPart = rels.get(sheet.attrs['id'] ?? '')?.target;
  if (!sheetPart || !zip.has(sheetPart)) throw new Error(`worksheet "${sheet.attrs['name']}" has no part`);
  const shared: string[] = [];
  const sharedPart = [...rels.values()].find((r) => r.type.endsWith('/sharedStrings'))?.target;
  if (sharedPart && zip.has(sharedPart)) {
    for (const si of await elements(zip, sharedPart, 'si')) shared.push(itemText(si));
  }
  const dates = await dateStyles(zip, [...rels.values()].find((r) => r.type.endsWith('/styles'))?.target);

  let rowNumber = 0;
  for (const row of await elements(zip, sheetPart, 'row')) {
    const r = Number(row.attrs['r']);
    const target = Number.isInteger(r) && r > rowNumber ? r : rowNumber + 1;
    while (rowNumber + 1 < target) {
      rowNumber++;
      yield [];
    }
    rowNumber = target;
    const cells: string[] = [];
    for (const c of children(row, 'c')) {
      const index = columnOf(c.attrs['r']) ?? cells.length;
      const type = c.attrs['t'] ?? 'n';
      const v = children(c, 'v')[0]?.text ?? '';
      let text: string;
      if (type === 'inlineStr') text = children(c, 'is')[0] ? itemText(children(c, 'is')[0]!) : '';
      else if (type === 's') text = shared[Number(v)] ?? '';
      else if (type === 'b') text = v === '1' ? 'true' : v === '0' ? 'false' : v;
      else if (type === 'n' && v !== '' && dates.has(Number(c.attrs['s'] ?? -1)))
        text = serialDate(Number(v));
      else text = v;
      while (cells.length < index) cells.push('');
      cells[index] = text;
    }
    yield cells;
  }
}
