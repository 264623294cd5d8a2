// How a CLI run ends on an error: a user's mistake (bad input, unknown list or user, bad configuration, a bad
// option) is one line saying what and where, exit code 2; a real failure (the store, a bug) exits 1.
import { CommanderError } from 'commander';
import { ConfigError } from '../config.js';
import { AppError, type ErrorCode } from '../errors.js';

/** Exit code of a run the user must correct (input, options, configuration). */
export const USER_ERROR_EXIT = 2;

const USER_ERRORS: ReadonlySet<ErrorCode> = new Set([
  'bad_request',
  'validation_failed',
  'not_found',
  'conflict',
  'forbidden',
  'unauthorized',
]);

/** True for errors the user can correct: they get one line and exit code 2. */
export function isUserError(err: unknown): boolean {
  return (
    err instanceof ConfigError ||
    (err instanceof AppError && USER_ERRORS.has(err.code)) ||
    (err instanceof CommanderError && err.exitCode !== 0)
  );
}

/** What to print (never a stack for a user error) and the exit code. */
export function describeFailure(err: unknown): { message: string; exitCode: number } {
  if (err instanceof CommanderError)
    // Commander has printed its own message (and the help) already; help and --version end with 0.
    return { message: '', exitCode: err.exitCode === 0 ? 0 : USER_ERROR_EXIT };
  if (err instanceof ConfigError) return { message: err.message, exitCode: USER_ERROR_EXIT };
  if (isUserError(err)) return { message: `error: ${(err as Error).message}`, exitCode: USER_ERROR_EXIT };
  if (err instanceof AppError) return { message: `error: ${err.message}`, exitCode: 1 };
  return { message: err instanceof Error ? (err.stack ?? err.message) : String(err), exitCode: 1 };
}
