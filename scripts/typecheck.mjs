// `npm run typecheck`: each workspace's own typecheck script, as many at a time as there are
// cores (one after another took CI's second core for nothing). Each one's output is printed
// whole when it ends; the exit code is the first failure's, after all have run.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

// The workspaces that have a typecheck script, the largest first (apps/web, apps/api).
const order = ['apps/web', 'apps/api'];
const rank = (workspace) => (order.includes(workspace) ? order.indexOf(workspace) : order.length);
const queue = workspaces
  .filter((workspace) => {
    const scripts = JSON.parse(
      readFileSync(path.join(root, workspace, 'package.json'), 'utf8'),
    ).scripts;
    return Boolean(scripts?.typecheck);
  })
  .sort((a, b) => rank(a) - rank(b));

function check(workspace) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', 'typecheck', '--silent', '-w', workspace], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? '✓' : '✗'} ${workspace} (${seconds} s)\n`);
      if (output) process.stdout.write(`${output.trimEnd()}\n`);
      resolve(code ?? 1);
    });
  });
}

let failed = 0;
async function worker() {
  for (let workspace = queue.shift(); workspace; workspace = queue.shift()) {
    const code = await check(workspace);
    if (code !== 0 && failed === 0) failed = code;
  }
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), queue.length) }, worker));
process.exitCode = failed;
