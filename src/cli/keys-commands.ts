// `keys create|list|revoke`: API keys managed by the operator.
import { Command } from 'commander';
import type { Config } from '../config.js';
import { createCore } from '../core.js';
import type { ApiKeyView } from '../services/accounts/accounts-service.js';
import { formatTable, type Column } from './table.js';

const KEY_COLUMNS: readonly Column<ApiKeyView>[] = [
  { title: 'id', value: (k) => k.id },
  { title: 'name', value: (k) => k.name, shrink: true },
  { title: 'prefix', value: (k) => k.prefix },
  // Per minute; `created_at` and the full times are in --json.
  { title: 'limit', value: (k) => k.rate_limit_per_minute ?? 'default', align: 'right' },
  { title: 'last used', value: (k) => k.last_used_at?.slice(0, 10) ?? '' },
  { title: 'revoked', value: (k) => k.revoked_at?.slice(0, 10) ?? '' },
];

export function keysCommands(config: () => Config, positiveInt: (v: string) => number): Command {
  const keys = new Command('keys').description('manage API keys');
  keys
    .command('create')
    .description('create an API key for a user; the key is printed once')
    .requiredOption('--email <email>', 'owner email')
    .requiredOption('--name <name>', 'a name to tell the key apart')
    .option('--limit <perMinute>', 'per-minute rate limit for this key', positiveInt)
    .option('-q, --quiet', 'print the key alone (for KEY=$(...)), not its JSON record', false)
    .action(async (opts: { email: string; name: string; limit?: number; quiet: boolean }) => {
      const core = await createCore(config());
      try {
        const created = await core.accounts.createApiKeyFor(opts.email, {
          name: opts.name,
          rateLimitPerMinute: opts.limit ?? null,
        });
        console.log(opts.quiet ? created.key : JSON.stringify(created));
      } finally {
        await core.close();
      }
    });
  keys
    .command('list')
    .description("list a user's API keys (never the keys themselves)")
    .requiredOption('--email <email>', 'owner email')
    .option('--json', 'print the keys as JSON', false)
    .action(async (opts: { email: string; json: boolean }) => {
      const core = await createCore(config());
      try {
        const keys = await core.accounts.listApiKeysFor(opts.email);
        console.log(opts.json ? JSON.stringify(keys, null, 2) : formatTable(KEY_COLUMNS, keys));
      } finally {
        await core.close();
      }
    });
  keys
    .command('revoke')
    .description('revoke an API key by id')
    .argument('<id>', 'key id')
    .action(async (id: string) => {
      const core = await createCore(config());
      try {
        await core.accounts.revokeApiKeyById(id);
        console.log(`revoked ${id}`);
      } finally {
        await core.close();
      }
    });
  return keys;
}
