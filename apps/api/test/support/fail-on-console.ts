import { afterEach, vi } from 'vitest';

/** A test that makes the code under test print an error fails (epic-stack's rule). */
const spy = vi.spyOn(console, 'error');

/**
 * pg's warning that queries were queued on one connection (parallel queries inside a
 * transaction): the code must run them one after the other (db/client.ts readAll).
 */
const queued: string[] = [];
process.on('warning', (warning) => {
  if (warning.message.includes('already executing a query')) queued.push(warning.message);
});

afterEach(() => {
  const calls = spy.mock.calls.splice(0);
  if (calls.length > 0) {
    throw new Error(`console.error was called:\n${calls.map((call) => call.join(' ')).join('\n')}`);
  }
  const warnings = queued.splice(0);
  if (warnings.length > 0) throw new Error(`pg warned: ${warnings.join('\n')}`);
});
