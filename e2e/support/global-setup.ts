import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Why the browser tests cannot run here (no Chromium), or '' when they can. */
    skipReason: string;
  }
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the product exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the product did not answer ${url}/api/health within ${timeoutMs} ms`);
}

/** Starts the product (`node scripts/start.mjs`) on a free port with a throwaway data folder. */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) {
    const reason = `Chromium not found at ${CHROMIUM}: install it with 'apt-get install chromium' to run the browser tests`;
    if (process.env.CI === 'true')
      throw new Error(`${reason} (CI=true: browser tests cannot be skipped)`);
    console.warn(`\n⚠ ${reason}. Skipping them.\n`);
    project.provide('skipReason', reason);
    project.provide('baseUrl', '');
    return;
  }

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cusco-e2e-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      // As `npm start` runs it, not in the test runner's NODE_ENV=test.
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      DATABASE_URL: '',
      // Every test signs up from this one address: room for the suite to grow, limits still on.
      RATE_LIMIT_SCALE: '5',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, 120_000);
  project.provide('baseUrl', baseUrl);
  project.provide('skipReason', '');

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      if (child.exitCode !== null) resolve(null);
      else child.once('exit', resolve);
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
