// Reads a secret from standard input, so passwords need not appear in the process list.
import { text } from 'node:stream/consumers';

export async function readStdin(): Promise<string> {
  return (await text(process.stdin)).replace(/\r?\n$/, '');
}
