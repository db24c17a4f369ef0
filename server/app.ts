import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createCatalogueReader, type CatalogueReader } from './catalog/catalogue-reader';
import { systemClock, type Clock } from './clock';
import { resolveAppConfig, type AppConfigInput } from './config';
import type { Database } from './db/database';
import { ApiError } from './http/api-error';
import { mayHaveBody } from './http/close-unread-body';
import { responseHeaders } from './http/response-headers';
import { handleError, handleNotFound } from './http/handle-error';
import { mountOperations } from './http/mount-operations';
import { mountWebApp } from './http/serve-web-app';
import { consentScope } from './tracking/consent';
import { flagsOf } from './flags/visitor-flags';
import { withdrawnByFlags } from './flags/withdrawn-products';
import { requestLog } from './log/request-log';
import type { Mailer } from './mail/mailer';
import { appOperations } from './operations';
import type { ProfileFlows } from './profile/profile-flows';
import type { Services } from './services';
import type { PaymentProvider } from './payments/payment-provider';
import { createTestProvider } from './payments/test-provider';
import type { DevClock } from './system/dev-clock';

/** What the app is built from; tests pass their own database, mailer, flows and clock. */
export interface AppDeps {
  db: Database;
  mailer: Mailer;
  flows: ProfileFlows;
  config: AppConfigInput;
  clock?: Clock;
  /** The catalogue's reader; by default one over `db`. */
  catalogue?: CatalogueReader;
  /** The payment provider; by default the embedded test provider over `db`. */
  payments?: PaymentProvider;
  /** What POST /dev/clock moves and runs (server/system/dev-clock.ts); never given in production. */
  devClock?: DevClock;
}

/** The largest request body accepted (answers, addresses and sign-ups are small). */
export const MAX_BODY_BYTES = 64 * 1024;

/** Builds the HTTP app: every operation, the dev outbox (not in production), and the web app when a web root is set. */
export function createApp(deps: AppDeps): Hono {
  const config = resolveAppConfig(deps.config);
  const services: Services = {
    db: deps.db,
    mailer: deps.mailer,
    flows: deps.flows,
    config,
    clock: deps.clock ?? systemClock,
    catalogue: deps.catalogue ?? createCatalogueReader(deps.db, undefined, { withdrawn: withdrawnByFlags(config.flags) }),
    payments:
      deps.payments ??
      createTestProvider({
        db: deps.db,
        secret: config.secret,
        clock: deps.clock ?? systemClock,
        // The test provider's stand-in for the bank's authentication page (the checkout's payment confirmation).
        actionUrl: (id) => `${config.publicUrl}/checkout/confirm-payment/${encodeURIComponent(id)}`,
      }),
    ...(deps.devClock && !config.production ? { devClock: deps.devClock } : {}),
  };
  const operations = appOperations({ production: config.production });

  const app = new Hono({ strict: false });
  app.onError(handleError);
  app.notFound(handleNotFound);
  app.use(requestLog(config.logger, { accessLog: config.accessLog }));
  app.use(responseHeaders({ trustProxy: config.trustProxy, production: config.production, stripe: services.payments.name === 'stripe' }));
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError(413, 'payload_too_large', `The body is larger than ${MAX_BODY_BYTES / 1024} KB.`);
    },
  });
  app.use((c, next) => (mayHaveBody(c) ? limitBody(c, next) : next()));
  // The request's analytics consent (its `consent` cookie), which the server's own events in it follow.
  app.use(consentScope(services.db, (err) => config.logger.warn({ err }, "a customer's consent could not be kept")));
  mountOperations(app, services, operations);
  if (config.webRoot) mountWebApp(app, config.webRoot, deps.flows.consultationPage?.bind(deps.flows), (c) => flagsOf(c, config));
  return app;
}
