import type { Hono } from 'hono';
import type { PaymentProvider } from '../../../server/payments/payment-provider';
import { createApp } from '../../../server/app';
import type { Clock } from '../../../server/clock';
import type { AppConfigInput } from '../../../server/config';
import type { Database } from '../../../server/db/database';
import { outboxOnlyMailer, type Mailer } from '../../../server/mail/mailer';
import type { ProfileFlows } from '../../../server/profile/profile-flows';
import { fakeFlows } from './fake-flows';

/** A clock the test moves by hand. */
export interface TestClock extends Clock {
  advance(ms: number): void;
  set(date: Date): void;
}

/** A clock starting at the real time. */
export function testClock(start = new Date()): TestClock {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    set: (date) => {
      now = date.getTime();
    },
  };
}

/** An answer: status, JSON (or text) body and headers. */
export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** How to make one request. */
export interface CallOptions {
  body?: unknown;
  /** Sent as is (for invalid JSON and the like). */
  rawBody?: string;
  token?: string | null;
  headers?: Record<string, string>;
}

/** The app under test and a request helper. */
export interface TestApp {
  app: Hono;
  db: Database;
  clock: TestClock;
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>;
}

/** A secret for test tokens. */
export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** Builds an app on a test database, with the fake flows, an outbox-only mailer and a movable clock. */
export function createTestApp(
  db: Database,
  options: { config?: Partial<AppConfigInput>; flows?: ProfileFlows; mailer?: Mailer; clock?: TestClock; payments?: PaymentProvider } = {},
): TestApp {
  const clock = options.clock ?? testClock();
  const app = createApp({
    db,
    mailer: options.mailer ?? outboxOnlyMailer,
    flows: options.flows ?? fakeFlows,
    clock,
    ...(options.payments ? { payments: options.payments } : {}),
    config: { publicUrl: 'https://shop.test', production: false, secret: TEST_SECRET, ...options.config },
  });
  const call = async (method: string, path: string, opts: CallOptions = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    let body: string | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const response = await app.request(path, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json') && text) parsed = JSON.parse(text);
    return { status: response.status, body: parsed as any, headers: response.headers };
  };
  return { app, db, clock, call };
}

let counter = 0;
/** A unique e-mail address for a test. */
export function uniqueEmail(prefix = 'shopper'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

/** Signs a new customer up and returns their tokens and e-mail. */
export async function signUpCustomer(
  t: Pick<TestApp, 'call'>,
  fields: Record<string, unknown> = {},
): Promise<{ access: string; refresh: string; email: string }> {
  const email = (fields.email as string | undefined) ?? uniqueEmail();
  const response = await t.call('POST', '/v1/auth/signup/', {
    body: { email, first_name: 'Ada', last_name: 'Lovelace', has_accepted_terms: true, ...fields },
  });
  if (response.status !== 201) throw new Error(`Sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { ...response.body, email };
}

/** Starts a guest session and returns its tokens. */
export async function startGuest(t: Pick<TestApp, 'call'>): Promise<{ access: string; refresh: string }> {
  const response = await t.call('POST', '/v1/auth/signup/guest/');
  if (response.status !== 201) throw new Error(`Guest sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The newest magic-link token mailed to an address, read from /dev/outbox.json. */
export async function latestMagicToken(t: TestApp, to: string): Promise<string> {
  const response = await t.call('GET', `/dev/outbox.json?to=${encodeURIComponent(to)}`);
  const link = response.body[0]?.links?.[0] as string | undefined;
  if (!link) throw new Error(`No magic link was mailed to ${to}.`);
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`The link ${link} has no token.`);
  return token;
}
