// A tiny list source for pipeline tests: `uid|name|alias;alias` lines, streamed, with a header line.
import readline from 'node:readline';
import type { ListEntry, ListSource } from '../lists/list-source.js';

/** A test-only source (slug `test_list` unless given) reading `names.txt`, optional `extra.txt`. */
export function testSource(slug = 'test_list', url = 'http://127.0.0.1:9/names.txt'): ListSource {
  return {
    slug,
    title: 'Test list',
    publisher: 'Tests',
    legacy: false,
    format: 'pipe-separated text',
    cadence: 'on demand',
    fileSets: [
      [
        { name: 'names.txt', url },
        { name: 'extra.txt', url: url.replace('names.txt', 'extra.txt'), optional: true },
      ],
    ],
    async *parse(files) {
      const lines = readline.createInterface({ input: files.open('names.txt'), crlfDelay: Infinity });
      let header = true;
      for await (const line of lines) {
        if (header) {
          if (line !== 'uid|name|aliases') throw new Error(`names.txt: unexpected header "${line}"`);
          header = false;
          continue;
        }
        if (!line.trim()) continue;
        const [uid, name, aliases] = line.split('|');
        if (!uid || !name) throw new Error(`names.txt: malformed line "${line}"`);
        const entry: ListEntry = {
          list: slug,
          sourceUid: uid,
          name,
          aliases: aliases ? aliases.split(';') : [],
          kind: 'person',
          record: { name, uid, aliases: aliases ? aliases.split(';') : [] },
        };
        yield entry;
      }
    },
  };
}

/** The body of names.txt with `n` records (uid i, name `Person i`, alias `P. i`). */
export function namesFile(n: number, extra = ''): string {
  const rows = Array.from({ length: n }, (_, i) => `${i}|Person ${i}|P. ${i}`);
  return ['uid|name|aliases', ...rows, extra].join('\n');
}
