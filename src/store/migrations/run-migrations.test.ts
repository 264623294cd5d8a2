// The one error runMigrations retries: Kysely's introspection meeting a schema that another deployment or a parallel
// test dropped meanwhile. Our own schema missing, or any other error, is not retried.
import { describe, expect, it } from 'vitest';
import { droppedElsewhere } from './run-migrations.js';

describe('droppedElsewhere', () => {
  it('is true only for another schema that vanished', () => {
    expect(droppedElsewhere(new Error('schema "t_0a1b" does not exist'), 't_ffff')).toBe(true);
    expect(droppedElsewhere(new Error('schema "t_0a1b" does not exist'), undefined)).toBe(true);
    expect(droppedElsewhere(new Error('schema "t_ffff" does not exist'), 't_ffff')).toBe(false);
    expect(droppedElsewhere(new Error('relation "users" does not exist'), 't_ffff')).toBe(false);
    expect(droppedElsewhere(undefined, 't_ffff')).toBe(false);
    expect(droppedElsewhere('schema "x" does not exist', 't_ffff')).toBe(false);
  });
});
