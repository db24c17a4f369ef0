import { spawn } from 'node:child_process';

/** What the operators' command printed, and its exit status (server/cli/shop-command.ts EXIT). */
export interface ShopCommandRun {
  status: number | null;
  out: string;
  err: string;
}

/**
 * Runs the operators' command (`npm run shop -- <args>`, server/cli/shop.ts) as an operator would, with `env` naming the
 * shop's database: DATABASE_URL, since the embedded database is held by the running server and the command refuses
 * it (exit 5). Waits for it to end, however long a busy machine takes.
 */
export function shopCommand(args: readonly string[], env: Record<string, string>): Promise<ShopCommandRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/shop.ts', ...args], {
      env: { ...process.env, NODE_ENV: 'development', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, out, err }));
  });
}
