// `npm run dev`: the real server (restarting on change) plus Vite with hot reload for the console.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '8080';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
  }),
  spawn('npx', ['vite', '--config', 'apps/console/vite.config.ts', 'apps/console'], {
    stdio: 'inherit',
    env: { ...process.env, GATEWAY_URL: `http://127.0.0.1:${port}` },
  }),
];

const stopAll = () => children.forEach((child) => child.exitCode === null && child.kill('SIGTERM'));
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
children.forEach((child) => child.on('exit', (code) => { stopAll(); process.exitCode = code ?? 0; }));
