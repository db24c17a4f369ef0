/**
 * `npm run dev`: the API (restarted when server, engine, api or flows change) and the Vite dev server
 * (hot reload, flows recompiled on save) side by side. Open the URL Vite prints.
 */
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3000';
const children = [
  spawn('node', ['--import', 'tsx', '--watch-path=server', '--watch-path=engine', '--watch-path=api', '--watch-path=flows', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${process.env.VITE_PORT ?? 5173}` },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  }),
);
