// `keys create|list|revoke`: API keys managed by the operator.
import { Command } from 'commander';
import type { Config } from '../config.js';
import { createCore } from '../core.js';

export function keysCommands(config: () => Config, positiveInt: (v: string) => number): Command {
  const keys = new Command('keys').description('manage API keys');
  keys
    .command('create')
    .description('create an API key for a user; the key is printed once')
    .requiredOption('--email <email>', 'owner email')
    .requiredOption('--name <name>', 'a name to tell the key apart')
    .option('--limit <perMinute>', 'per-minute rate limit for this key', positiveInt)
    .action(async (opts: { email: string; name: string; limit?: number }) => {
      const core = await createCore(config());
      try {
        const created = await core.accounts.createApiKeyFor(opts.email, {
          name: opts.name,
          rateLimitPerMinute: opts.limit ?? null,
        });
        console.log(JSON.stringify(created));
      } finally {
        await core.close();
      }
    });
  keys
    .command('list')
    .description("list a user's API keys (never the keys themselves)")
    .requiredOption('--email <email>', 'owner email')
    .action(async (opts: { email: string }) => {
      const core = await createCore(config());
      try {
        for (const k of await core.accounts.listApiKeysFor(opts.email)) console.log(JSON.stringify(k));
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
