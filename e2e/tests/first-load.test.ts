import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 33: the booking page's first load is at most 230 KB of JavaScript gzip, as the phone
 * downloads it from the built app (apps/web/scripts/first-load.mjs: the entry, the screen's chunk
 * and the Spanish texts, each with its static imports). Login, the other first screen, is held to
 * the same. ADR 0053 says what keeps them there.
 */
const script = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/scripts/first-load.mjs',
);
const BUDGET = 230 * 1024;

interface Figures {
  files: number;
  js: { gzip: number };
}

describe('first load of the built app', () => {
  const figures = JSON.parse(
    execFileSync(process.execPath, [script, '--json'], { encoding: 'utf8' }),
  ) as Record<string, Figures>;

  it.each(['booking', 'login'])('%s: at most 230 KB of JavaScript gzip', (screen) => {
    const first = figures[screen];
    expect(first?.files).toBeGreaterThan(1);
    expect(first?.js.gzip).toBeLessThanOrEqual(BUDGET);
  });
});
