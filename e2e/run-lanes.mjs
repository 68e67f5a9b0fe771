// `npm test -w @cusco/e2e`: the browser tests, in one lane, or in E2E_LANES lanes at once, each
// its own Vitest run with its own product (database, port) and Chromium (support/global-setup.ts),
// so no test sees another lane's data. One lane is the default: on CI's two cores one lane already
// keeps both busy (Chromium drawing and axe, the product, the runner), and two lanes ran the
// first half of the files in 12.5 minutes against about 14 for all of them in one (2026-11-27).
// Arguments (a file, -t …) run one Vitest with them as given.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const extra = process.argv.slice(2);
const lanes = extra.length > 0 ? 1 : Math.max(1, Number(process.env.E2E_LANES ?? 1) || 1);

function run(args, prefix) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', ...args], {
      cwd: here,
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
          run([`--shard=${i + 1}/${lanes}`], `[lane ${i + 1}]`),
        ),
      );
process.exit(codes.find((code) => code !== 0) ?? 0);
