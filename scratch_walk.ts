import { buildOpenApiDocument } from './scripts/openapi-document.js';
const doc = (await buildOpenApiDocument()) as any;
const comps = doc.components?.schemas ?? {};
const deref = (s: any): any => (s?.$ref ? comps[s.$ref.split('/').pop()] : s);
function walk(s: any, at: string, out: string[]) {
  s = deref(s);
  if (!s || typeof s !== 'object') return;
  for (const k of ['anyOf', 'oneOf', 'allOf']) if (s[k]) s[k].forEach((x: any, i: number) => walk(x, `${at}`, out));
  const t = s.type;
  if (t === 'string' && s.maxLength === undefined && !s.enum && s.const === undefined && !s.format?.match(/date$|date-time|uuid/)) out.push(`${at}: string without maxLength ${JSON.stringify(s).slice(0,80)}`);
  if (t === 'string' && s.format) out.push(`${at}: string format ${s.format} maxLength ${s.maxLength}`);
  if (t === 'array') { if (s.maxItems === undefined) out.push(`${at}: array without maxItems`); walk(s.items, `${at}[]`, out); }
  if (t === 'object') {
    if (s.additionalProperties !== false && s.maxProperties === undefined) out.push(`${at}: open object without maxProperties (additionalProperties=${JSON.stringify(s.additionalProperties)})`);
    for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, `${at}.${k}`, out);
  }
}
for (const [p, item] of Object.entries<any>(doc.paths)) for (const [m, op] of Object.entries<any>(item)) {
  const out: string[] = [];
  for (const media of Object.values<any>(op.requestBody?.content ?? {})) walk(media.schema, 'body', out);
  for (const prm of op.parameters ?? []) walk(prm.schema, `${prm.in}:${prm.name}`, out);
  if (out.length) console.log(m.toUpperCase(), p, '\n  ' + out.join('\n  '));
}
console.log(JSON.stringify(doc.info).slice(0, 400));
