import path from 'node:path';

/** The server's settings from the environment (API.md Settings). */
export interface ServerSettings {
  port: number;
  host: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  /** Stripe's secret key: cards are charged through Stripe when set, through the embedded test provider otherwise. */
  stripeSecretKey: string | undefined;
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
}

/** Reads PORT, HOST, DATA_DIR, DATABASE_URL, SMTP_URL, STRIPE_SECRET_KEY, MAIL_FROM, PUBLIC_URL, NODE_ENV, SECRET_KEY, TRUST_PROXY, RATE_LIMITS, ACCESS_LOG, WEB_ROOT, FLOWS_DIR, CATALOGUE_FILE, FLAGS. */
export function readSettings(env: NodeJS.ProcessEnv, cwd = process.cwd()): ServerSettings {
  const port = env.PORT ? Number(env.PORT) : 3000;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number, not "${env.PORT}".`);
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute URL such as https://shop.example.com, not "${env.PUBLIC_URL}".`);
  }
  return {
    port,
    host: env.HOST || undefined,
    dataDir: path.resolve(cwd, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
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
  };
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'off', 'no'].includes(value.toLowerCase());
}
