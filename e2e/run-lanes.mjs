// `npm test -w @cusco/e2e`: the browser tests in E2E_LANES lanes at once (two unless told), each
// its own Vitest run with its own product (database, port) and Chromium (support/global-setup.ts),
// so no test sees another lane's data. With a PostgreSQL server (TEST_DATABASE_URL, as on CI) the
// second lane's product runs on it and the first's on the embedded database. One lane left a
// quarter of two cores idle, waiting on the product, the browser's answers and the background
// jobs' passes: the whole suite took 515-528 s in one lane and 375 s in two (2026-11-27, a quiet
// machine, every test passing). E2E_LANES=1 runs one.
// Arguments (a file, -t …) run one Vitest with them as given.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const extra = process.argv.slice(2);
const lanes = extra.length > 0 ? 1 : Math.max(1, Number(process.env.E2E_LANES ?? 2) || 1);

function run(args, prefix, lane = 1) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', ...args], {
      cwd: here,
      // The lane's number: support/global-setup.ts chooses its product's database by it (in one
      // lane, E2E_LANE=2 asks for PostgreSQL's, to run a file there).
      env: {
        ...process.env,
        E2E_LANE: lanes === 1 ? (process.env.E2E_LANE ?? '1') : String(lane),
        E2E_LANES: String(lanes),
      },
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (prefix) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        from.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) to.write(`${prefix} ${line}\n`);
        });
        from.on('end', () => {
          if (rest) to.write(`${prefix} ${rest}\n`);
        });
      }
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const codes =
  lanes === 1
    ? [await run(extra, '')]
    : await Promise.all(
        Array.from({ length: lanes }, (_, i) =>
          run([`--shard=${i + 1}/${lanes}`], `[lane ${i + 1}]`, i + 1),
        ),
      );
process.exit(codes.find((code) => code !== 0) ?? 0);
