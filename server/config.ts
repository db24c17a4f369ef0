import { loadAllFlags, type Flags } from './flags/load-flags';
import { logger, type Logger } from './log/logger';

/** One rate limit: at most `limit` requests per `windowSeconds`. */
export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/** The limits on identity calls that send mail, create accounts or guess tokens. */
export interface RateLimits {
  signinPerUsername: RateLimit;
  signinPerIp: RateLimit;
  verifyPerIp: RateLimit;
  signupPerIp: RateLimit;
  guestSignupPerIp: RateLimit;
  /** The web app's error reports (POST /v1/client_errors/): enough for a broken page, not enough to flood the log. */
  clientErrorsPerIp: RateLimit;
  /** Test card tokens (POST /v1/payments/test/tokenize): enough for a shopper's typos, too few to try card numbers. */
  cardTokensPerIp: RateLimit;
  /** Waitlist sign-ups (POST /v1/products/{type}/waitlist/): a shopper's few, not a list's worth. */
  waitlistPerIp: RateLimit;
  /** Attempts to place an order: a shopper's retries and typos, too few to test stolen cards (server/orders/order-operations.ts). */
  placeOrderPerUser: RateLimit;
  placeOrderPerIp: RateLimit;
  /** Declined payments: past these, an account (or an address) may not try another card for a while (429 too_many_declines). */
  declinesPerUser: RateLimit;
  declinesPerIp: RateLimit;
  /** Cards saved to an account (POST /v1/account/payments/): each save asks the bank, so it could test cards too. */
  savedCardsPerUser: RateLimit;
  savedCardsPerIp: RateLimit;
}

/** Everything createApp needs to know about its surroundings. */
export interface AppConfig {
  /** The site's public address, used for links in mail, without a trailing slash. */
  publicUrl: string;
  /** NODE_ENV=production: /dev off, no internals in errors. */
  production: boolean;
  /** The HS256 key for access tokens. */
  secret: string;
  /** Behind a reverse proxy: read the client address from X-Forwarded-For and the protocol from X-Forwarded-Proto (HSTS only over HTTPS). */
  trustProxy: boolean;
  /** The From header of every message. */
  mailFrom: string;
  /** null turns rate limiting off (benchmarks). */
  rateLimits: RateLimits | null;
  /** The built web app (dist/); served with index.html as the fallback when set. */
  webRoot: string | null;
  /** One log line per request (server/log/request-log.ts). */
  accessLog: boolean;
  /** Where request lines and errors go; tests pass a logger writing to a stream they read. */
  logger: Logger;
  /** The feature flags GET /flags answers with (server/flags/flags.yaml, FLAGS on top). */
  flags: Flags;
  /** The flags the operator's FLAGS set: an A/B test among them has that arm for everyone, not one per visitor. */
  pinnedFlags: readonly string[];
}

/** What a caller must give; the rest has defaults. */
export type AppConfigInput = Pick<AppConfig, 'publicUrl' | 'production' | 'secret'> & Partial<AppConfig>;

/** Production defaults for the identity limits. */
export const defaultRateLimits: RateLimits = {
  signinPerUsername: { limit: 5, windowSeconds: 15 * 60 },
  signinPerIp: { limit: 50, windowSeconds: 15 * 60 },
  verifyPerIp: { limit: 50, windowSeconds: 15 * 60 },
  signupPerIp: { limit: 100, windowSeconds: 15 * 60 },
  guestSignupPerIp: { limit: 300, windowSeconds: 15 * 60 },
  clientErrorsPerIp: { limit: 60, windowSeconds: 15 * 60 },
  cardTokensPerIp: { limit: 30, windowSeconds: 15 * 60 },
  waitlistPerIp: { limit: 20, windowSeconds: 15 * 60 },
  placeOrderPerUser: { limit: 20, windowSeconds: 15 * 60 },
  placeOrderPerIp: { limit: 100, windowSeconds: 15 * 60 },
  declinesPerUser: { limit: 5, windowSeconds: 60 * 60 },
  declinesPerIp: { limit: 20, windowSeconds: 60 * 60 },
  savedCardsPerUser: { limit: 10, windowSeconds: 60 * 60 },
  savedCardsPerIp: { limit: 30, windowSeconds: 60 * 60 },
};

/** Fills in the defaults. */
export function resolveAppConfig(input: AppConfigInput): AppConfig {
  const publicUrl = input.publicUrl.replace(/\/+$/, '');
  return {
    trustProxy: false,
    mailFrom: `Made to Order <no-reply@${hostOf(publicUrl)}>`,
    rateLimits: defaultRateLimits,
    webRoot: null,
    accessLog: false,
    logger,
    flags: input.flags ?? loadAllFlags(),
    pinnedFlags: [],
    ...input,
    publicUrl,
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}
