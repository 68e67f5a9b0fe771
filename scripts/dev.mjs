// `npm run dev`: the API with reload on change (tsx watch) on API_PORT (3001) and the web app
// with hot module replacement (Vite) on PORT (3000), which forwards /api to the API.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.PORT ?? '3000';
const children = [
  spawn('npm', ['run', 'dev', '-w', '@cusco/api'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: apiPort, DATA_DIR: process.env.DATA_DIR ?? '../../data' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@cusco/web'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: webPort, API_PORT: apiPort },
  }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
