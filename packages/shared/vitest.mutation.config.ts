import type { RunnerTestCase, RunnerTestFile } from 'vitest';
import { defineConfig, mergeConfig } from 'vitest/config';
import type { Reporter, Vitest } from 'vitest/node';
import suite from './vitest.config.ts';

/**
 * The shared package's tests as Stryker runs them (stryker.config.json, docs/mutation.md): the
 * same files, with fast-check's seed fixed (test/support/fixed-seed.ts) and a test file that
 * fails to load counted as a failed test.
 */
export default mergeConfig(
  suite,
  defineConfig({
    test: {
      setupFiles: ['test/support/fixed-seed.ts'],
      reporters: ['default', loadFailuresAsTests()],
    },
  }),
);

/**
 * Stryker's Vitest runner (9.6.1, and 10.x) builds a mutant's result from the tests it
 * collected, and a test file whose import throws holds none: a mutant that stops a module from
 * loading (the time zone of `dates.ts` emptied, say) was scored as survived, though every test
 * of that module fails with it (stryker-js#6150, open). This reporter gives such a file one
 * failed test carrying its load error, so that Stryker counts the failure.
 */
function loadFailuresAsTests(): Reporter {
  let vitest: Vitest | undefined;
  return {
    onInit(context) {
      vitest = context;
    },
    onTestRunEnd() {
      for (const file of vitest?.state.getFiles() ?? []) {
        if (file.result?.state !== 'fail' || file.tasks.length > 0) continue;
        file.tasks.push(failedLoad(file));
      }
    },
  };
}

function failedLoad(file: RunnerTestFile): RunnerTestCase {
  const name = 'the test file loads';
  return {
    type: 'test',
    id: `${file.id}_load`,
    name,
    fullName: `${file.name} ${name}`,
    fullTestName: name,
    mode: 'run',
    file,
    suite: file,
    meta: {},
    result: { state: 'fail', errors: file.result?.errors ?? [] },
    annotations: [],
    artifacts: [],
    timeout: 0,
    // A test's context is built by Vitest as the test runs; nothing reads it after the run.
    context: undefined as never,
  };
}
