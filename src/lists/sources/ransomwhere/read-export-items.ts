// Streams the objects of the ransomwhe.re export one at a time: the live endpoint wraps them as
// {"result": [...]}, copies of it are often the bare array. Only one item's text is held at a time, so the
// export can grow well past its 2022 size (4 MB) without being read into one string.
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/** One element of the export's array, parsed, with its 1-based position for error messages. */
export interface ExportItem {
  readonly value: unknown;
  readonly index: number;
}

/** A single item larger than this is refused (one address's record is a few kilobytes). */
export const MAX_ITEM_CHARS = 8 * 1024 * 1024;

type Mode =
  | 'start'
  | 'key-or-end'
  | 'key'
  | 'colon'
  | 'result-open'
  | 'skip-start'
  | 'skip'
  | 'after-value'
  | 'items'
  | 'items-next'
  | 'item'
  | 'after-item'
  | 'end';

// UTF-8 text in chunks; a character split across two byte chunks is held back until it is complete.
async function* textChunks(input: Readable): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Yields each object of the export's array (`{"result": [...]}`, other top-level keys skipped, or a bare
 * `[...]`). Throws, naming the file, on anything else: a non-object item, invalid JSON inside an item, a
 * wrapper without `result`, content after the document, or a file that ends early (a cut download).
 */
export async function* readExportItems(input: Readable, file: string): AsyncGenerator<ExportItem> {
  // Widened on purpose: the state changes inside the loop, which control-flow narrowing does not follow.
  let mode = 'start' as Mode;
  let top: 'array' | 'object' | null = null;
  let foundResult = false;
  let key = '';
  let keyRaw = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let parts: string[] = [];
  let partsLength = 0;
  let itemStart: number;
  let index = 0;
  let offset = 0;
  const fail = (message: string, at: number): never => {
    throw new Error(`${file}: ${message} (character ${offset + at + 1})`);
  };

  for await (const raw of textChunks(input)) {
    const chunk = offset === 0 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
    const n = chunk.length;
    itemStart = 0;
    for (let i = 0; i < n; i++) {
      const c = chunk.charCodeAt(i);
      switch (mode) {
        case 'start':
          if (isSpace(c)) break;
          if (c === 0x5b) {
            top = 'array';
            mode = 'items';
          } else if (c === 0x7b) {
            top = 'object';
            mode = 'key-or-end';
          } else fail('expected a JSON array or an object with a "result" array', i);
          break;
        case 'key-or-end':
          if (isSpace(c)) break;
          if (c === QUOTE) {
            mode = 'key';
            keyRaw = '';
            escaped = false;
          } else if (c === 0x7d) mode = 'end';
          else fail('expected a key in the top-level object', i);
          break;
        case 'key':
          if (escaped) escaped = false;
          else if (c === BACKSLASH) escaped = true;
          else if (c === QUOTE) {
            key = JSON.parse(`"${keyRaw}"`) as string;
            mode = 'colon';
            break;
          }
          keyRaw += chunk[i];
          break;
        case 'colon':
          if (isSpace(c)) break;
          if (c !== 0x3a) fail(`expected ':' after key "${key}"`, i);
          mode = key === 'result' ? 'result-open' : 'skip-start';
          break;
        case 'result-open':
          if (isSpace(c)) break;
          if (c !== 0x5b) fail('"result" is not an array', i);
          foundResult = true;
          mode = 'items';
          break;
        case 'skip-start':
          if (isSpace(c)) break;
          mode = 'skip';
          depth = 0;
          inString = false;
          escaped = false;
          i--;
          break;
        case 'skip':
          // Any other top-level value, skipped: strings, nested containers, or a bare number/literal.
          if (inString) {
            if (escaped) escaped = false;
            else if (c === BACKSLASH) escaped = true;
            else if (c === QUOTE) {
              inString = false;
              if (depth === 0) mode = 'after-value';
            }
          } else if (c === QUOTE) inString = true;
          else if (c === 0x7b || c === 0x5b) depth++;
          else if (c === 0x7d || c === 0x5d) {
            if (depth === 0) {
              mode = 'after-value';
              i--;
            } else if (--depth === 0) mode = 'after-value';
          } else if (c === 0x2c && depth === 0) {
            mode = 'after-value';
            i--;
          }
          break;
        case 'after-value':
          if (isSpace(c)) break;
          if (c === 0x2c) mode = 'key-or-end';
          else if (c === 0x7d) mode = 'end';
          else fail('expected "," or "}" in the top-level object', i);
          break;
        case 'items':
        case 'items-next':
          if (isSpace(c)) break;
          if (c === 0x5d && mode === 'items') {
            mode = top === 'array' ? 'end' : 'after-value';
          } else if (c === 0x7b) {
            mode = 'item';
            index++;
            depth = 1;
            inString = false;
            escaped = false;
            parts = [];
            partsLength = 0;
            itemStart = i;
          } else fail(`item #${index + 1} is not an object`, i);
          break;
        case 'item':
          if (inString) {
            if (escaped) escaped = false;
            else if (c === BACKSLASH) escaped = true;
            else if (c === QUOTE) inString = false;
          } else if (c === QUOTE) inString = true;
          else if (c === 0x7b || c === 0x5b) depth++;
          else if ((c === 0x7d || c === 0x5d) && --depth === 0) {
            parts.push(chunk.slice(itemStart, i + 1));
            const text = parts.join('');
            parts = [];
            let value: unknown;
            try {
              value = JSON.parse(text);
            } catch (err) {
              throw new Error(`${file} item #${index}: ${(err as Error).message}`, { cause: err });
            }
            mode = 'after-item';
            yield { value, index };
          }
          break;
        case 'after-item':
          if (isSpace(c)) break;
          if (c === 0x2c) mode = 'items-next';
          else if (c === 0x5d) mode = top === 'array' ? 'end' : 'after-value';
          else fail(`expected "," or "]" after item #${index}`, i);
          break;
        case 'end':
          if (!isSpace(c)) fail('unexpected content after the end of the JSON document', i);
          break;
      }
    }
    if (mode === 'item') {
      parts.push(chunk.slice(itemStart));
      partsLength += n - itemStart;
      if (partsLength > MAX_ITEM_CHARS)
        throw new Error(`${file} item #${index}: larger than ${MAX_ITEM_CHARS} characters`);
    }
    offset += n;
  }

  if (mode === 'start') throw new Error(`${file}: empty file`);
  if (mode !== 'end') throw new Error(`${file}: ends before the JSON document is complete (cut download?)`);
  if (top === 'object' && !foundResult) throw new Error(`${file}: no "result" array in the top-level object`);
}
