// `users create`: accounts made by the operator (the only way to make an admin).
import { Command } from 'commander';
import type { Config } from '../config.js';
import { badRequest } from '../errors.js';
import { createCore } from '../core.js';
import { readStdin } from './read-secret.js';

export function usersCommands(config: () => Config, positiveInt: (v: string) => number): Command {
  const users = new Command('users').description('manage users');
  users
    .command('create')
    .description('create a user')
    .requiredOption('--email <email>', 'the user email')
    .option('--password <password>', 'the password (prefer --password-stdin)')
    .option('--password-stdin', 'read the password from standard input')
    .option('--admin', 'make the user an admin (may set per-key rate limits)', false)
    .action(async (opts: { email: string; password?: string; passwordStdin?: boolean; admin: boolean }) => {
      const password = opts.passwordStdin ? await readStdin() : opts.password;
      if (!password) throw badRequest('give --password or --password-stdin');
      const core = await createCore(config());
      try {
        const user = await core.accounts.createUser(opts.email, password, opts.admin);
        console.log(JSON.stringify({ id: user.id, email: user.email, admin: opts.admin }));
      } finally {
        await core.close();
      }
    });
  users
    .command('set-admin')
    .description('grant or (with --revoke) withdraw admin rights')
    .requiredOption('--email <email>', 'the user email')
    .option('--revoke', 'withdraw admin rights', false)
    .action(async (opts: { email: string; revoke: boolean }) => {
      const core = await createCore(config());
      try {
        await core.accounts.setAdmin(opts.email, !opts.revoke);
        console.log(`${opts.email}: admin ${opts.revoke ? 'revoked' : 'granted'}`);
      } finally {
        await core.close();
      }
    });
  users
    .command('set-limit')
    .description("set a user's per-minute budget across all of their keys and sessions (--default to reset)")
    .requiredOption('--email <email>', 'the user email')
    .option('--limit <perMinute>', 'calls per minute across all keys', positiveInt)
    .option('--default', 'back to the default (SCREENING_RATE_LIMIT_PER_MINUTE)', false)
    .action(async (opts: { email: string; limit?: number; default: boolean }) => {
      if ((opts.limit === undefined) === !opts.default)
        throw badRequest('give either --limit N or --default');
      const core = await createCore(config());
      try {
        await core.accounts.setUserRateLimit(opts.email, opts.limit ?? null);
        console.log(`${opts.email}: ${opts.limit ?? 'default'} calls per minute across all keys`);
      } finally {
        await core.close();
      }
    });
  return users;
}
