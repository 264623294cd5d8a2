// schema.ts is generated from the served OpenAPI document: a route schema changed without regenerating fails here.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIENT_TYPES, renderClientTypes } from '../../../scripts/client-types.js';

describe('packages/client/src/schema.ts', () => {
  it('is what the served document generates (when this fails, run `npm run docs:client` and commit it)', async () => {
    const committed = fs.readFileSync(CLIENT_TYPES, 'utf8');
    expect(committed, 'schema.ts is stale: run `npm run docs:client`').toBe(await renderClientTypes());
  }, 60_000);
});
