/** `server/main.ts` started as `npm start` would start it (without the build), for tests of the real process. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { CallOptions, CallResult } from './test-app';

const root = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** One request to it, as TestApp.call makes one in-process. */
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>;
}

/** Starts `server/main.ts` on a free port with `env` over a quiet default environment; resolves once it listens. */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', ACCESS_LOG: 'off', NODE_ENV: 'development', DATABASE_URL: '', SMTP_URL: '', SECRET_KEY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    // An upper bound for a busy machine, not a pause: it resolves as soon as the server says it listens.
    const timer = setTimeout(() => reject(new Error(`The server did not start:\n${output}`)), 120_000);
    const onData = () => {
      const match = /Shop listening on (http:\/\/localhost:\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      const url = match[1]!;
      resolve({ child, url, output: () => output, call: (method, to, options) => callOver(url, method, to, options) });
    };
    child.stdout!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with ${code}:\n${output}`));
    });
  });
}

/** Resolves with the process's exit code once it has exited. */
export function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

async function callOver(url: string, method: string, to: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${url}${to}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: the text as it is
  }
  return { status: response.status, body: parsed, headers: response.headers };
}
