// Streams an XML document and yields each element with a given local name as a small tree, so a parser
// holds one record at a time (the OFAC SDN XML is over 100 MB). Namespaces are ignored on purpose:
// publishers change them (OFAC did in May 2024).
import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';

/** An XML element: local name, attributes (local names), text content and child elements. */
export interface XmlNode {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  text: string;
  readonly children: XmlNode[];
}

const local = (qname: string): string => {
  const i = qname.indexOf(':');
  return i === -1 ? qname : qname.slice(i + 1);
};

/**
 * Yields every element named `recordName` (at any depth, not nested in another match) as an XmlNode.
 * Elements outside records are not kept, except that `onRootAttrs` receives the root element's attributes.
 */
export async function* xmlElements(
  input: Readable,
  recordName: string,
  onRootAttrs?: (attrs: Record<string, string>) => void,
): AsyncGenerator<XmlNode> {
  const parser = new SaxesParser({ xmlns: false });
  const ready: XmlNode[] = [];
  const stack: XmlNode[] = [];
  let depth = 0;
  let error: Error | null = null;

  parser.on('opentag', (tag) => {
    depth++;
    const name = local(tag.name);
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes)) attrs[local(k)] = String(v);
    if (depth === 1) onRootAttrs?.(attrs);
    if (stack.length === 0 && name !== recordName) return;
    const node: XmlNode = { name, attrs, text: '', children: [] };
    stack[stack.length - 1]?.children.push(node);
    stack.push(node);
  });
  const onText = (t: string) => {
    const top = stack[stack.length - 1];
    if (top) top.text += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    depth--;
    const node = stack.pop();
    if (node && stack.length === 0) ready.push(node);
  });
  parser.on('error', (e) => {
    error = e;
  });

  input.setEncoding('utf8');
  for await (const chunk of input) {
    parser.write(chunk as string);
    if (error) throw error;
    while (ready.length > 0) yield ready.shift()!;
  }
  parser.close();
  if (error) throw error;
  while (ready.length > 0) yield ready.shift()!;
  if (depth !== 0) throw new Error('XML document is truncated (unclosed elements at end of file)');
}

/** Text of the first direct child with that name, trimmed; null when absent or empty. */
export function childText(node: XmlNode, name: string): string | null {
  const c = node.children.find((x) => x.name === name);
  const t = c?.text.trim();
  return t ? t : null;
}

/** Direct children with that name. */
export function children(node: XmlNode, name: string): XmlNode[] {
  return node.children.filter((x) => x.name === name);
}

/** Descendants with that name, depth first. */
export function descendants(node: XmlNode, name: string): XmlNode[] {
  const out: XmlNode[] = [];
  const walk = (n: XmlNode) => {
    for (const c of n.children) {
      if (c.name === name) out.push(c);
      walk(c);
    }
  };
  walk(node);
  return out;
}
