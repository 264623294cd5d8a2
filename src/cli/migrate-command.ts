// `migrate`: applies pending store migrations and says which.
import { Command } from 'commander';
import type { Config } from '../config.js';
import { openStore, storeOptionsFromConfig } from '../store/open-store.js';

export function migrateCommand(config: () => Config): Command {
  return new Command('migrate').description('apply pending database migrations').action(async () => {
    const store = await openStore(storeOptionsFromConfig(config()));
    try {
      const applied = await store.migrate();
      console.log(applied.length === 0 ? 'database is up to date' : `applied: ${applied.join(', ')}`);
    } finally {
      await store.close();
    }
  });
}
