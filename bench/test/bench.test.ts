import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { CALL } from '../src/calls.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/**
 * Runs `npm run bench -- --smoke --only pglite` (a few requests of each call, nothing measured)
 * and answers its exit code and output.
 */
function runSmoke(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [require.resolve('tsx/cli'), 'src/bench.ts', '--smoke', '--only', 'pglite'],
      { cwd: path.join(here, '..'), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

it('calls the product as a user does, each call answering, and reports it beside bare Fastify', async () => {
  const { code, output } = await runSmoke();
  expect(code).toBe(0);
  const measured = [
    CALL.tour,
    CALL.tourIdentity,
    CALL.countries,
    CALL.list,
    CALL.detail,
    CALL.detailOpen,
    CALL.save,
  ];
  for (const call of measured) {
    const row = output.split('\n').find((line) => line.startsWith(`| \`${call}\` |`));
    expect(row, call).toBeDefined();
    const [requests, , bare, , , errors] = (row ?? '')
      .split('|')
      .slice(2)
      .map((cell) => cell.trim());
    expect(Number(requests), `${call} req/s`).toBeGreaterThan(0);
    expect(Number(bare), `${call} bare req/s`).toBeGreaterThan(0);
    expect(Number(errors), `${call} errors`).toBe(0);
  }
  // The public pages are measured once the product serves them, and said to be missing before.
  for (const call of [CALL.catalogue, CALL.tourPage]) {
    const row = output.split('\n').find((line) => line.startsWith(`| \`${call}\` |`));
    expect(row, call).toMatch(/\| (\d+|not available \(.+\)) \|/);
    if (row && !row.includes('not available')) expect(row, call).toMatch(/ \| 0 \| /);
  }
  expect(output).toMatch(/warm start to ready: \d+ ms/);
  expect(output).toMatch(/API resident memory after the bench: \d+ MB/);
});
