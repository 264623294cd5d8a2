#!/usr/bin/env node
// The `screening` command line: serve, migrate, users, keys, ingest, lists, screen and bulk. Reads the same
// environment as the server.
import { Command, InvalidArgumentError } from 'commander';
import { ConfigError, loadConfigFromProcess } from '../config.js';
import { AppError } from '../errors.js';
import { ingestCommand, listsCommand } from './ingest-command.js';
import { keysCommands } from './keys-commands.js';
import { migrateCommand } from './migrate-command.js';
import { screenCommands } from './screen-commands.js';
import { subjectsCommand } from './subjects-commands.js';
import { serveCommand } from './serve-command.js';
import { usersCommands } from './users-commands.js';

/** Parses a positive whole number option. */
export function positiveInt(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError('must be a positive whole number');
  return Number(value);
}

const program = new Command()
  .name('screening')
  .description('Sanctions, PEP, wallet and adverse media screening service')
  .showHelpAfterError();

// Config is read lazily so `--help` works with a broken environment.
const config = loadConfigFromProcess;

program.addCommand(serveCommand(config));
program.addCommand(migrateCommand(config));
program.addCommand(usersCommands(config, positiveInt));
program.addCommand(keysCommands(config, positiveInt));
program.addCommand(ingestCommand(config));
program.addCommand(listsCommand(config));
for (const c of screenCommands(config)) program.addCommand(c);
program.addCommand(subjectsCommand(config));

program.parseAsync(process.argv).catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  if (err instanceof AppError) {
    console.error(`error: ${err.message}`);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
