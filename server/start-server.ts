import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createStripeProvider } from './payments/stripe-provider';
import { createTestProvider } from './payments/test-provider';
import { isMovable, movableClock, serverClock } from './clock';
import { defaultRateLimits, resolveAppConfig } from './config';
import { openDatabase } from './db/open-database';
import { createCatalogueReader } from './catalog/catalogue-reader';
import { loadCatalogue } from './catalog/load-catalogue';
import { aggressorData } from './formulation/aggressors/aggressor-data';
import { zipcodeRegistry } from './profile/locate-zipcode';
import { withdrawnByFlags } from './flags/withdrawn-products';
import { flagNamesIn, loadAllFlags, variantFlagProblems, withOverrides, type Flags } from './flags/load-flags';
import { defineShopJobs } from './jobs/shop-jobs';
import { startJobQueue, type JobQueue } from './jobs/queue';
import { devClockOn } from './system/dev-clock';
import { seedDatabase } from './db/seed-database';
import { logger as processLogger, type Logger } from './log/logger';
import { resolveSigningSecret } from './db/signing-secret';
import { createOutboxDispatcher } from './mail/outbox-dispatcher';
import { smtpTransport } from './mail/smtp-transport';
import { loadProfileFlows } from './profile/load-profile-flows';
import { logReasons } from './subscriptions/log-reasons';
import { loadKnowledgeBase } from './help/load-knowledge-base';
import { seedKnowledgeBase } from './help/seed-knowledge-base';
import type { ProfileFlows } from './profile/profile-flows';
import { paymentProvider, type ServerSettings } from './read-settings';

/** A listening server and how to stop it. */
export interface RunningServer {
  port: number;
  /** Stops accepting requests, finishes mail and jobs in flight, closes the database and releases DATA_DIR. */
  close(): Promise<void>;
}

/**
 * Opens and migrates the database, seeds it, and listens: everything `npm start` does after the build. The clock
 * starts at `clockStart` (the CLOCK_START setting by default; development and tests only, server/clock.ts).
 */
export async function startServer(
  settings: ServerSettings,
  options: { flows?: ProfileFlows; logger?: Logger; clockStart?: string; knowledgeBaseDir?: string } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? processLogger;
  const provider = paymentProvider(settings); // throws in production without a real provider, before the database opens
  const clockStart = options.clockStart ?? process.env.CLOCK_START;
  const startClock = serverClock(clockStart, settings.production); // throws in production when set, before the database opens
  // Outside production POST /dev/clock moves it forward (server/system/dev-clock.ts); in production nothing moves it.
  const clock = settings.production ? startClock : movableClock(startClock);
  if (clockStart) logger.warn(`CLOCK_START: the shop's clock started at ${clock.now().toISOString()} and runs from there (development and tests only).`);
  const flows = options.flows ?? loadProfileFlows(settings.flowsDir);
  // The editors' reasons file is checked now: a broken one stops the start with its file:line:column, not a cancel later.
  logReasons();
  // The help centre's knowledge base too (shop/help/content/, KB_DIR): checked and rendered before anything opens.
  const knowledgeBase = loadKnowledgeBase(options.knowledgeBaseDir);
  // The aggressor data (its YAML checked: a broken file stops the start with its file:line:column rather than failing a
  // shopper's results page) and the zip code registry every cart and results page looks codes up in, read now rather
  // than by the first of them (about 250 ms, which every request answered then would wait behind). Read here, not when
  // the operations are imported, so the tests that build the app without starting a server do not pay for them. A
  // registry that cannot load stops the start with its error, before the database opens.
  aggressorData();
  await zipcodeRegistry();
  const database = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  let queue: JobQueue | null = null;
  try {
    await seedDatabase(database.db, loadCatalogue(settings.catalogueFile));
    await seedKnowledgeBase(database.db, knowledgeBase);
    const secret = await resolveSigningSecret(database.db, settings.secretKey);
    const config = resolveAppConfig({
      publicUrl: settings.publicUrl,
      production: settings.production,
      secret,
      trustProxy: settings.trustProxy,
      rateLimits: settings.rateLimits ? defaultRateLimits : null,
      accessLog: settings.accessLog,
      logger,
      webRoot: settings.webRoot,
      flags: checkedFlags(withOverrides(loadAllFlags(), settings.flags), flows),
      pinnedFlags: flagNamesIn(settings.flags),
      ...(settings.mailFrom ? { mailFrom: settings.mailFrom } : {}),
    });
    if (!existsSync(path.join(settings.webRoot, 'index.html')))
      logger.warn(`The web app is not built (${settings.webRoot}/index.html is missing): run \`npm run build\`.`);
    if (!settings.smtpUrl) {
      logger.warn(
        settings.production
          ? 'SMTP_URL is not set: mail stays in the outbox and is never delivered.'
          : 'SMTP_URL is not set: mail stays in the outbox; read it at /dev/outbox.',
      );
    }
    // Background jobs (mail, pruning, reconciliation, jobs due by the clock) run on pg-boss in this database: jobs/README.md.
    queue = await startJobQueue({ database, clock, logger });
    const mailer = createOutboxDispatcher({
      queue,
      db: database.db,
      transport: settings.smtpUrl ? smtpTransport(settings.smtpUrl) : null,
      clock,
      from: config.mailFrom,
      log: (message) => logger.error(message),
    });
    const catalogue = createCatalogueReader(database.db, () => loadCatalogue(settings.catalogueFile), { withdrawn: withdrawnByFlags(config.flags) });
    if (provider === 'test' && settings.production)
      logger.warn('PAYMENTS=test: orders are taken with test cards only and no real payment is taken (a demo shop).');
    const payments =
      provider === 'stripe' && settings.stripeSecretKey && settings.stripePublishableKey
        ? createStripeProvider({
            secretKey: settings.stripeSecretKey,
            publishableKey: settings.stripePublishableKey,
            returnUrl: `${settings.publicUrl}/checkout/payment-confirmed`,
          })
        : createTestProvider({
            db: database.db,
            secret: config.secret,
            clock,
            actionUrl: (id) => `${settings.publicUrl}/checkout/confirm-payment/${encodeURIComponent(id)}`,
          });
    const devClock = !settings.production && isMovable(clock) ? devClockOn(clock, queue) : undefined;
    const app = createApp({ db: database.db, mailer, flows, config, clock, catalogue, payments, ...(devClock ? { devClock } : {}) });
    // Also sends what a start runs: orders a previous run left between the charge and its outcome are settled from
    // the provider's record, expired rows pruned, pending mail sent.
    await defineShopJobs(queue, {
      db: database.db,
      clock,
      mailer,
      orders: { payments, config: { publicUrl: settings.publicUrl } },
      logger,
      // Subscription renewals price with the catalogue and the shopper's formulas, as the app does.
      subscriptions: { db: database.db, mailer, flows, config, clock, catalogue, payments },
    });

    const server = serve({ fetch: app.fetch, port: settings.port, hostname: settings.host });
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'EADDRINUSE' ? new Error(`Port ${settings.port} is in use: set PORT to a free port.`) : error),
      );
    });
    const { port } = server.address() as AddressInfo;
    const where = database.driver === 'pglite' ? `embedded database in ${settings.dataDir}` : 'PostgreSQL';
    logger.info(`Shop listening on http://localhost:${port} (${where}); links in mail use ${settings.publicUrl}`);

    const jobs = queue;
    let closing: Promise<void> | null = null;
    return {
      port,
      close: () =>
        (closing ??= (async () => {
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            // Keep-alive connections would hold close() open until they time out.
            (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
          });
          // The mailer first, so a delivery run stops after the message in hand; then the queue waits for its handlers.
          await mailer.close();
          await jobs.close();
          await database.close();
        })()),
    };
  } catch (error) {
    await queue?.close();
    await database.close();
    throw error;
  }
}

/** The flags with the FLAGS setting on top, each flow variant's flag naming one of its options (else the start stops, saying which). */
function checkedFlags(flags: Flags, flows: ProfileFlows): Flags {
  const problems = variantFlagProblems(flags, flows.variantFlags ?? new Map());
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return flags;
}
