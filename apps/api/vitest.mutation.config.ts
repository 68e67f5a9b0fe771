import { configDefaults, defineConfig } from 'vitest/config';
import suite from './vitest.config.ts';

/**
 * The API suite as Stryker runs it (stryker.config.json): the PGlite project only, whatever
 * TEST_DATABASE_URL says (CI sets it for the PostgreSQL project; the mutated modules are the
 * same on both), without the two files that start processes of their own and touch none of the
 * mutated modules (admin-create builds the CLI; data-dir-lock holds a data directory's lock).
 * They are left out here, not with Stryker's `testFiles`: with `testFiles`, Stryker 9.6 switches
 * a static mutant on only after its module has loaded, and scores it as survived
 * (stryker-js#6144).
 */
type Project = { test: { name: string; exclude?: string[] } };
const projects = (suite.test?.projects ?? []) as Project[];
const pglite = projects.find((project) => project.test.name === 'pglite');
if (!pglite) throw new Error('vitest.config.ts has no pglite project');

export default defineConfig({
  test: {
    projects: [
      {
        ...pglite,
        test: {
          ...pglite.test,
          exclude: [
            ...configDefaults.exclude,
            'test/admin-create.test.ts',
            'test/data-dir-lock.test.ts',
          ],
        },
      },
    ],
  },
});
