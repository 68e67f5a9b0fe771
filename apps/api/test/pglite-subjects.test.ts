import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoot } from '../src/config.ts';
import { isPgliteSubject, matches, PGLITE_SUBJECTS } from './support/pglite-subjects.ts';

/**
 * With PostgreSQL there, PGlite runs only PGLITE_SUBJECTS (ADR 0058): a file whose tests run on
 * PGlite alone must be one of them, or CI would run none of those tests.
 */
const files = readdirSync(path.join(apiRoot, 'test'))
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => `test/${name}`);

/** A describe or test that runs only without PostgreSQL. */
const PGLITE_ONLY = /\.(runIf\([^)]*!isPostgres|skipIf\(isPostgres)/;

describe('the files PGlite runs beside PostgreSQL', () => {
  it('include every file with tests that run on PGlite alone', () => {
    const pgliteOnly = files.filter((file) =>
      PGLITE_ONLY.test(readFileSync(path.join(apiRoot, file), 'utf8')),
    );
    expect(pgliteOnly.length).toBeGreaterThan(5);
    expect(pgliteOnly.filter((file) => !isPgliteSubject(file))).toEqual([]);
  });

  it('name files that exist, and match no others', () => {
    for (const pattern of PGLITE_SUBJECTS) {
      expect(
        files.some((file) => matches(pattern, file)),
        pattern,
      ).toBe(true);
    }
    expect(isPgliteSubject('test/backup-cli.test.ts')).toBe(true);
    expect(isPgliteSubject('test/detail-cache.test.ts')).toBe(true);
    expect(isPgliteSubject('test/booking-changes.test.ts')).toBe(false);
    expect(isPgliteSubject('test/xbackup-cli.test.ts')).toBe(false);
    expect(isPgliteSubject('test/backup-cli.test.tsx')).toBe(false);
  });
});
