import { afterEach, vi } from 'vitest';

/** A test that makes the code under test print an error fails (epic-stack's rule). */
const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls.splice(0);
  if (calls.length > 0) {
    throw new Error(`console.error was called:\n${calls.map((call) => call.join(' ')).join('\n')}`);
  }
});
