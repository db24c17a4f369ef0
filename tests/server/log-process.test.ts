import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from './support/databases';
import { removeTempDirs, tempDir } from './support/temp-dirs';

const root = path.resolve(import.meta.dirname, '../..');

/** Resolves once `predicate` holds for the text so far (checked on each chunk), or rejects if the process exits first. */
function waitForOutput(child: ChildProcess, text: () => string, predicate: (text: string) => boolean, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!predicate(text())) return;
      child.stdout!.off('data', check);
      child.off('exit', exited);
      resolve();
    };
    const exited = (code: number | null) => reject(new Error(`The server exited (${code}) before ${what}:\n${text()}`));
    child.stdout!.on('data', check);
    child.once('exit', exited);
    check();
  });
}

/** The server process writes JSON lines and no secret in production (issue 10). */
describe('server/main.ts logs in production', () => {
  const dataDir = migratedDataDir('shop-log');
  const webRoot = tempDir('shop-log-web');
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    removeTempDirs();
  });

  it('one JSON line per request on stdout, the verify link’s token and the bodies’ secrets nowhere', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        NODE_ENV: 'production',
        PAYMENTS: 'test',
        DATA_DIR: dataDir,
        WEB_ROOT: webRoot,
        PUBLIC_URL: 'https://shop.test',
        DATABASE_URL: '',
        SMTP_URL: '',
        SECRET_KEY: '',
        ACCESS_LOG: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await waitForOutput(
      child,
      () => stdout,
      (text) => /Shop listening on http:\/\/localhost:\d+/.test(text),
      'listening',
    );
    const url = /Shop listening on (http:\/\/localhost:\d+)/.exec(stdout)![1]!;

    const linkToken = randomBytes(32).toString('base64url');
    const bodyToken = randomBytes(32).toString('base64url');
    const email = `secret.${randomBytes(4).toString('hex')}@example.com`;
    const page = await fetch(`${url}/signin/verify?token=${linkToken}&next=%2Fconsultation%2Fhaircare`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("object-src 'none'");
    const verify = await fetch(`${url}/v1/auth/signin/verify/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: bodyToken }),
    });
    expect(verify.status).toBe(401);
    const signIn = await fetch(`${url}/v1/auth/signin/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email }),
    });
    expect(signIn.status).toBe(404);
    const guest = (await (await fetch(`${url}/v1/auth/signup/guest/`, { method: 'POST' })).json()) as { access: string; refresh: string };
    const account = await fetch(`${url}/v1/account/`, { headers: { authorization: `Bearer ${guest.access}` } });
    expect(account.status).toBe(200);

    // Every line is written before its response is sent; 'close' comes once the process exited and its output was read.
    const closed = new Promise((resolve) => child!.once('close', resolve));
    child.kill('SIGTERM');
    await closed;

    const lines = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining([expect.stringContaining('Shop listening on'), 'request', 'SIGTERM: shutting down.']));
    expect(lines.filter((line) => line.msg === 'request').map(({ method, path, query, status }) => ({ method, path, query, status }))).toEqual([
      { method: 'GET', path: '/signin/verify', query: 'token=[redacted]&next=[redacted]', status: 200 },
      { method: 'POST', path: '/v1/auth/signin/verify/', query: undefined, status: 401 },
      { method: 'POST', path: '/v1/auth/signin/', query: undefined, status: 404 },
      { method: 'POST', path: '/v1/auth/signup/guest/', query: undefined, status: 201 },
      { method: 'GET', path: '/v1/account/', query: undefined, status: 200 },
    ]);
    for (const [name, secret] of Object.entries({ linkToken, bodyToken, email, access: guest.access, refresh: guest.refresh })) {
      expect(stdout.includes(secret) || stderr.includes(secret), `the log holds the ${name}`).toBe(false);
    }
  }, 180_000);
});
