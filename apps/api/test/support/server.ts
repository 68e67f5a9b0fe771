import { type ChildProcess, spawn } from 'node:child_process';
import { apiRoot } from '../../src/config.ts';
import { programArgs } from './programs.ts';

/** The API server running in a child process, as `npm start` runs it (its build). */
export interface ServerProcess {
  child: ChildProcess;
  /** Everything it printed so far (JSON log lines and stderr). */
  output(): string;
  exited: Promise<number | null>;
  /** Resolves with its base URL once it logs that it is ready; rejects if it exits first. */
  ready(): Promise<string>;
}

const running = new Set<ChildProcess>();

/** Kills every server a test started and left running. */
export function killServers() {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  running.clear();
}

export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, programArgs('server'), {
    cwd: apiRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      RECONCILE_INTERVAL_SECONDS: '0',
      DATABASE_URL: '',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let text = '';
  const listeners = new Set<() => void>();
  const append = (chunk: unknown) => {
    text += String(chunk);
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  return {
    child,
    output: () => text,
    exited,
    ready: () =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = /ready on http:\/\/localhost:(\d+)/.exec(text);
          if (match) {
            listeners.delete(check);
            resolve(`http://127.0.0.1:${match[1]}`);
          }
        };
        listeners.add(check);
        check();
        exited.then((code) => reject(new Error(`the server exited with ${code}:\n${text}`)));
      }),
  };
}
