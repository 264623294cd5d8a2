// Builds the OpenAPI document the server serves at /docs/json, in-process (a throwaway SQLite store in a
// temporary folder, no lists, no network), so the linter and the client generator read exactly what is served.
// `tsx scripts/openapi-document.ts <file>` writes it as JSON.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../src/config.js';
import { createService } from '../src/main.js';

/** The served document, as /docs/json returns it. */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-doc-'));
  try {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dir,
      SCREENING_REFRESH_INTERVAL_MINUTES: '0',
      SCREENING_BULK_WORKER: 'false',
    });
    const service = await createService(config, { logger: false });
    try {
      const res = await service.app.inject({ url: '/docs/json' });
      if (res.statusCode !== 200) throw new Error(`/docs/json answered ${res.statusCode}`);
      return res.json() as Record<string, unknown>;
    } finally {
      await service.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes the document as pretty JSON (what the client generator and the linter read). */
export async function writeOpenApiDocument(file: string): Promise<void> {
  fs.writeFileSync(file, `${JSON.stringify(await buildOpenApiDocument(), null, 2)}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: tsx scripts/openapi-document.ts <file.json>');
    process.exit(2);
  }
  await writeOpenApiDocument(out);
}
