import fc from 'fast-check';

/**
 * Mutation runs only (vitest.mutation.config.ts): the fast-check properties draw the same inputs
 * on every run, so that a mutant is killed, or not, the same way each time and the score's floor
 * (`thresholds.break` in stryker.config.json) does not depend on luck. `npm run test:unit` keeps
 * drawing new inputs on every run.
 */
fc.configureGlobal({ seed: 20_261_125 });
