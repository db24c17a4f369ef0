import path from 'node:path';

/** The server's settings from the environment (API.md Settings). */
export interface ServerSettings {
  port: number;
  host: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  /** Stripe's secret key: cards are charged through Stripe when set (unless PAYMENTS=test). */
  stripeSecretKey: string | undefined;
  /**
   * Stripe's publishable key (pk_test_… or pk_live_…): the browser loads Stripe's card element with it (the client token
   * call answers it). Required when Stripe takes the cards.
   */
  stripePublishableKey: string | undefined;
  /** PAYMENTS as set: "test" asks for the embedded test provider (in production too, as a demo), "stripe" for Stripe. */
  payments: 'stripe' | 'test' | undefined;
  mailFrom: string | undefined;
  publicUrl: string;
  production: boolean;
  secretKey: string | undefined;
  trustProxy: boolean;
  rateLimits: boolean;
  accessLog: boolean;
  webRoot: string;
  flowsDir: string;
  /** The catalogue file loaded into the database at start (shop/catalog/products.yaml). */
  catalogueFile: string;
  /** Feature flags over the defaults: "universal-cart=true,skip-by-product-ab-test=1". */
  flags: string | undefined;
  /** WORKERS: server processes sharing the port (node:cluster), on PostgreSQL only; the embedded database is one process. */
  workers: number;
}

/** Reads PORT, HOST, DATA_DIR, DATABASE_URL, WORKERS, SMTP_URL, STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, PAYMENTS, MAIL_FROM, PUBLIC_URL, NODE_ENV, SECRET_KEY, TRUST_PROXY, RATE_LIMITS, ACCESS_LOG, WEB_ROOT, FLOWS_DIR, CATALOGUE_FILE, FLAGS. */
export function readSettings(env: NodeJS.ProcessEnv, cwd = process.cwd()): ServerSettings {
  const port = env.PORT ? Number(env.PORT) : 3000;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number, not "${env.PORT}".`);
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute URL such as https://shop.example.com, not "${env.PUBLIC_URL}".`);
  }
  const payments = env.PAYMENTS || undefined;
  if (payments !== undefined && payments !== 'stripe' && payments !== 'test') throw new Error(`PAYMENTS must be "stripe" or "test", not "${payments}".`);
  const settings: ServerSettings = {
    port,
    host: env.HOST || undefined,
    dataDir: path.resolve(cwd, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    payments,
    mailFrom: env.MAIL_FROM || undefined,
    publicUrl,
    production: env.NODE_ENV === 'production',
    secretKey: env.SECRET_KEY || undefined,
    trustProxy: flag(env.TRUST_PROXY, false),
    rateLimits: flag(env.RATE_LIMITS, true),
    accessLog: flag(env.ACCESS_LOG, true),
    webRoot: path.resolve(cwd, env.WEB_ROOT || 'dist'),
    flowsDir: path.resolve(cwd, env.FLOWS_DIR || 'flows'),
    catalogueFile: path.resolve(cwd, env.CATALOGUE_FILE || 'shop/catalog/products.yaml'),
    flags: env.FLAGS || undefined,
    workers: workersOf(env.WORKERS),
  };
  paymentProvider(settings); // a production shop without a real provider stops here, before anything opens
  return settings;
}

/** WORKERS as a count of processes: 1 by default, at most 64. */
function workersOf(value: string | undefined): number {
  if (!value) return 1;
  const workers = Number(value);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) throw new Error(`WORKERS must be a whole number from 1 to 64, not "${value}".`);
  return workers;
}

/**
 * The provider that takes orders: the embedded test provider when PAYMENTS=test, Stripe when STRIPE_SECRET_KEY is
 * set, the test provider otherwise, except in production, where test cards would pay for real orders: there it
 * runs only when asked for (PAYMENTS=test), and without it or a Stripe key the shop refuses to start.
 */
export function paymentProvider(settings: Pick<ServerSettings, 'payments' | 'stripeSecretKey' | 'stripePublishableKey' | 'production'>): 'stripe' | 'test' {
  if (settings.payments === 'test') return 'test';
  if (settings.stripeSecretKey) {
    checkPublishableKey(settings.stripeSecretKey, settings.stripePublishableKey);
    return 'stripe';
  }
  if (settings.payments === 'stripe') throw new Error('PAYMENTS=stripe needs STRIPE_SECRET_KEY: set it to the Stripe secret key.');
  if (settings.production)
    throw new Error(
      'NODE_ENV=production needs a real payment provider: set STRIPE_SECRET_KEY to the Stripe secret key, or PAYMENTS=test to take orders with test cards only (a demo: no real payment is taken).',
    );
  return 'test';
}

/**
 * With Stripe the browser collects the card with Stripe's element, which needs the publishable key. The key is sent to
 * every shopper, so only a publishable key is taken (never a secret or restricted key pasted in the wrong setting), and
 * of the secret key's mode (test or live) when both say theirs. The messages never repeat a key.
 */
function checkPublishableKey(secretKey: string, publishableKey: string | undefined): void {
  if (!publishableKey)
    throw new Error(
      "STRIPE_SECRET_KEY needs STRIPE_PUBLISHABLE_KEY: set it to the Stripe account's publishable key (pk_test_… or pk_live_…), which the checkout's card form loads Stripe with.",
    );
  const mode = /^pk_(test|live)_/.exec(publishableKey)?.[1];
  if (!mode) throw new Error('STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_… or pk_live_…); it is sent to every shopper.');
  const secretMode = /^[sr]k_(test|live)_/.exec(secretKey)?.[1];
  if (secretMode && secretMode !== mode)
    throw new Error(`STRIPE_PUBLISHABLE_KEY is a ${mode} key but STRIPE_SECRET_KEY a ${secretMode} key: use the two keys of the same mode.`);
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'off', 'no'].includes(value.toLowerCase());
}
