#!/usr/bin/env node
// The `screening` command line: serve, migrate, users, keys, ingest, lists, screen, bulk, compare and
// effectiveness. Reads the same environment as the server.
import { Command, InvalidArgumentError } from 'commander';
import { loadConfigFromProcess } from '../config.js';
import { auditCommands } from './audit-commands.js';
import { describeFailure } from './cli-errors.js';
import { compareCommands } from './compare-commands.js';
import { ingestCommand, listsCommand } from './ingest-command.js';
import { keysCommands } from './keys-commands.js';
import { migrateCommand } from './migrate-command.js';
import { screenCommands } from './screen-commands.js';
import { subjectsCommand } from './subjects-commands.js';
import { serveCommand } from './serve-command.js';
import { usersCommands } from './users-commands.js';
import { packageVersion } from './version.js';

/** Parses a positive whole number option. */
export function positiveInt(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError('must be a positive whole number');
  return Number(value);
}

const program = new Command()
  .name('screening')
  .description('Sanctions, PEP, wallet and adverse media screening service')
  .version(packageVersion(), '-V, --version', 'print the version')
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
for (const c of compareCommands(config)) program.addCommand(c);
program.addCommand(subjectsCommand(config));
program.addCommand(auditCommands(config));

// Parser errors (an unknown option, a bad value) end like every other user error: exit code 2.
const overrideExits = (c: Command): void => {
  c.exitOverride();
  c.commands.forEach(overrideExits);
};
overrideExits(program);

program.parseAsync(process.argv).catch((err: unknown) => {
  const { message, exitCode } = describeFailure(err);
  if (message) console.error(message);
  process.exit(exitCode);
});
