import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { AppError, ListsNotLoadedError, badRequest, conflict, notFound } from '../errors.js';
import { describeFailure } from './cli-errors.js';

describe('describeFailure', () => {
  it('a user error is one line without a stack, exit code 2', () => {
    for (const err of [
      badRequest('names.csv: line 3: name longer than 512 characters'),
      notFound('no user with email x@example.com'),
      conflict('a user with email a@example.com already exists'),
    ]) {
      const { message, exitCode } = describeFailure(err);
      expect(exitCode).toBe(2);
      expect(message).toBe(`error: ${err.message}`);
      expect(message).not.toContain('\n');
    }
    expect(describeFailure(new ConfigError(['PORT must be a whole number']))).toEqual({
      message: 'Invalid configuration: PORT must be a whole number',
      exitCode: 2,
    });
    // Commander printed its own message; a parse error is the user's, help and --version are not failures.
    expect(describeFailure(new CommanderError(1, 'commander.unknownOption', 'x'))).toEqual({
      message: '',
      exitCode: 2,
    });
    expect(describeFailure(new CommanderError(0, 'commander.version', '0.1.0')).exitCode).toBe(0);
  });

  it('a real failure exits 1: a service error in one line, anything unexpected with its stack', () => {
    expect(describeFailure(new ListsNotLoadedError(['un_consolidated']))).toEqual({
      message: 'error: screening unavailable: lists not loaded yet: un_consolidated',
      exitCode: 1,
    });
    expect(
      describeFailure(new AppError('store_unavailable', 'the database cannot be reached')).exitCode,
    ).toBe(1);
    const crash = describeFailure(new TypeError('boom'));
    expect(crash.exitCode).toBe(1);
    expect(crash.message).toMatch(/^TypeError: boom\n\s+at /);
  });
});
