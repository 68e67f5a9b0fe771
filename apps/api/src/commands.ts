/**
 * What the operations commands (backup, restore, db:move) share: the settings read with a clear
 * sentence on a mistake, and a failure said without a stack trace.
 */
import { type Config, loadConfig } from './config.ts';

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The server's settings; a missing or wrong one is said in a sentence. */
export function settings(): Config {
  try {
    return loadConfig();
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error);
    return fail(
      `${problem.replace(/^Invalid configuration: /, 'A setting is missing or wrong: ')}.\nSet it in the environment and run the command again. Nothing was changed.`,
    );
  }
}

/**
 * A failure's message, for an operator: the sentence, not the stack; for a query that failed,
 * the database's own reason (an unreachable server, a permission) rather than the SQL.
 */
export function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.message.startsWith('Failed query') && error.cause instanceof Error) {
    return reason(error.cause) || error.cause.name;
  }
  return error.message || ((error as NodeJS.ErrnoException).code ?? error.name);
}
