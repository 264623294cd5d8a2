// The served OpenAPI document is one generators can use: named operations, declared security, the rate-limit
// headers of a 429, an example per operation, the package version, nothing outside the repository, and it
// passes `redocly lint` with the recommended rules (run offline, telemetry off).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../scripts/openapi-document.js';
import { REPO_ROOT, childEnv } from '../test-support/spawn-server.js';

interface Media {
  example?: unknown;
  examples?: unknown;
}

interface Op {
  operationId?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, Media> }>;
}

const run = promisify(execFile);

describe('the OpenAPI document', () => {
  let doc: {
    info: { version: string };
    servers: unknown[];
    paths: Record<string, Record<string, Op>>;
  } & Record<string, unknown>;
  let ops: Array<[string, Op]>;
  beforeAll(async () => {
    doc = (await buildOpenApiDocument()) as typeof doc;
    ops = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.entries(item).map(([m, op]) => [`${m.toUpperCase()} ${p}`, op] as [string, Op]),
    );
  });

  it('names every operation once, declares its security (open routes `[]`) and documents 429 headers', () => {
    expect(ops.length).toBeGreaterThanOrEqual(20);
    const ids = ops.map(([, op]) => op.operationId);
    for (const [where, op] of ops) {
      expect(op.operationId, where).toMatch(/^[a-zA-Z][a-zA-Z0-9]*$/);
      expect(op.security, where).toBeDefined();
      expect(Object.keys(op.responses['429']?.headers ?? {}), where).toEqual([
        'Retry-After',
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
        'RateLimit-Policy',
      ]);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/auth/login']!.post!.security).toEqual([]);
    expect(doc.paths['/api/auth/signup']!.post!.security).toEqual([]);
  });

  it('gives an example for every operation that takes or returns a body', () => {
    for (const [where, op] of ops) {
      const media = [
        ...Object.values(op.requestBody?.content ?? {}),
        ...Object.values(op.responses['200']?.content ?? {}),
        ...Object.values(op.responses['201']?.content ?? {}),
      ];
      if (media.length === 0) continue;
      expect(
        media.some((m) => m.example !== undefined || m.examples !== undefined),
        where,
      ).toBe(true);
    }
  });

  it('carries the package version and servers, and refers to no file outside the repository', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(doc.info.version).toBe(pkg.version);
    expect(doc.servers.length).toBeGreaterThan(0);
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/DESIGN\.md|STYLE\.md|\.\.\/shared|\/work\//);
  });

  it('types bulk rows as a summary | match union discriminated on row_type', () => {
    const schemas = (doc.components as { schemas: Record<string, { discriminator?: unknown }> }).schemas;
    expect(schemas.BulkRow!.discriminator).toEqual({
      propertyName: 'row_type',
      mapping: { summary: '#/components/schemas/BulkSummaryRow', match: '#/components/schemas/BulkMatchRow' },
    });
  });

  it('passes redocly lint with the recommended rules, offline', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
    try {
      const file = path.join(dir, 'openapi.json');
      fs.writeFileSync(file, JSON.stringify(doc));
      const cli = path.join(REPO_ROOT, 'node_modules/@redocly/cli/bin/cli.js');
      const res = await run(process.execPath, [cli, 'lint', '--config', 'redocly.yaml', file], {
        cwd: REPO_ROOT,
        env: childEnv({ REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' }),
        timeout: 120_000,
      }).catch((err: { stdout?: string; stderr?: string }) => {
        throw new Error(`redocly lint failed:\n${err.stdout ?? ''}${err.stderr ?? ''}`);
      });
      const out = `${res.stdout}${res.stderr}`;
      expect(out).toMatch(/Your API description is valid/);
      // Problems are summed as "You have N warnings"; the Node 20 notice of the CLI itself is not one.
      expect(out).not.toMatch(/You have \d+ warning/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
