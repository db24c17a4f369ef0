import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { pruneExpired } from '../db/prune-expired';
import { logger as processLogger, type Logger } from '../log/logger';
import { DELIVER_OUTBOX_JOB, type OutboxDispatcher } from '../mail/outbox-dispatcher';
import { reconcileOrders } from '../money/settle-payment';
import { FEEDBACK_INVITATION_JOB, sendFeedbackInvitation, type FeedbackInvitationJob } from '../orders/fulfilment-invitation';
import type { Services } from '../services';
import { adoptPaidOrders } from '../subscriptions/from-order';
import { renewSubscription } from '../subscriptions/renew';
import { RENEW_SUBSCRIPTION_JOB, UPCOMING_RENEWAL_JOB, type RenewSubscriptionJob, type UpcomingRenewalJob } from '../subscriptions/schedule';
import { mailUpcomingRenewal } from '../subscriptions/upcoming-renewal';
import { sweepRenewals, SWEEP_RENEWALS_JOB, type SweepRenewalsJob } from '../subscriptions/renewal-sweep';
import { defineGiftJobs } from '../gifts/gift-jobs';
import type { JobQueue } from './queue';

/** The shop's background jobs, by name. */
export const SHOP_JOBS = {
  deliverOutbox: DELIVER_OUTBOX_JOB,
  pruneExpired: 'prune-expired',
  reconcileOrders: 'reconcile-orders',
  runDue: 'run-due',
  inviteFeedback: FEEDBACK_INVITATION_JOB,
  renewSubscription: RENEW_SUBSCRIPTION_JOB,
  upcomingRenewal: UPCOMING_RENEWAL_JOB,
  sweepRenewals: SWEEP_RENEWALS_JOB,
  adoptSubscriptionOrders: 'adopt-subscription-orders',
} as const;

/** What the shop's jobs work with. */
export interface ShopJobServices {
  db: Database;
  clock: Clock;
  mailer: OutboxDispatcher;
  /** What the reconciliation needs (payments provider, public URL for its mail). */
  orders: Omit<Parameters<typeof reconcileOrders>[0], 'db' | 'clock' | 'mailer'>;
  logger?: Logger;
  /** The app's services, for the subscriptions' renewals (they price with the catalogue and the shopper's formulas); without them, none run. */
  subscriptions?: Services;
}

/** Orders younger than this may still be in their request: the reconciliation leaves them alone. */
export const RECONCILE_OLDER_THAN_MS = 5 * 60_000;

/**
 * Defines the shop's jobs on the queue and sends the ones a start runs:
 * - `deliver-outbox`: sends the outbox (`mailer.wake()` sends it after a commit; a sweep every minute catches the rest);
 * - `prune-expired`: deletes expired rows, at start and every hour;
 * - `reconcile-orders`: settles orders a crash left between the charge and its outcome, at start and every 5 minutes;
 * - `run-due`: sends the jobs of `scheduled_jobs` due by the shop's clock, every minute;
 * - `invite-feedback`: mails a delivered order's feedback invitation for one category, once (scheduled on delivery);
 * - `renew-subscription`: renews a subscription on its products' date (scheduled by server/subscriptions/schedule.ts);
 * - `upcoming-renewal-mail`: mails a subscriber their next box 3 days before its renewal, once (scheduled with it);
 * - `sweep-renewals`: at start and every 5 minutes, sends again the renewals a dead process left (subscriptions/renewal-sweep.ts);
 * - `adopt-subscription-orders`: at start, makes the subscriptions of orders paid before subscriptions existed (once).
 */
export async function defineShopJobs(queue: JobQueue, services: ShopJobServices): Promise<void> {
  const { db, clock, mailer } = services;
  const logger = services.logger ?? processLogger;
  await queue.define({
    name: SHOP_JOBS.deliverOutbox,
    // Each message keeps its own attempts and backoff in its outbox row; these retries are for a run that failed as a whole.
    retryDelaySeconds: 5,
    ...(mailer.delivers ? { cron: '* * * * *' } : {}),
    handler: async () => {
      await mailer.sweep();
    },
  });
  await queue.define({
    name: SHOP_JOBS.pruneExpired,
    retryDelaySeconds: 60,
    cron: '17 * * * *',
    handler: async (_data, { now }) => {
      await pruneExpired(db, now);
    },
  });
  await queue.define({
    name: SHOP_JOBS.reconcileOrders,
    retryDelaySeconds: 30,
    cron: '*/5 * * * *',
    handler: async () => {
      const settled = await reconcileOrders({ ...services.orders, db, clock, mailer }, RECONCILE_OLDER_THAN_MS);
      if (settled > 0) logger.info(`Settled ${settled} order(s) left waiting for their payment's outcome.`);
    },
  });
  await queue.define({
    name: SHOP_JOBS.runDue,
    retryDelaySeconds: 10,
    cron: '* * * * *',
    handler: async (_data, { now }) => {
      await queue.runDue(now);
    },
  });
  await queue.define<FeedbackInvitationJob>({
    name: SHOP_JOBS.inviteFeedback,
    policy: 'standard',
    retryDelaySeconds: 60,
    handler: async (job, { now }) => {
      const outcome = await sendFeedbackInvitation({ db, mailer, publicUrl: services.orders.config.publicUrl }, job, now);
      if (outcome !== 'sent')
        logger.info({ job: SHOP_JOBS.inviteFeedback, order: job.orderId, category: job.category, outcome }, 'Feedback invitation not mailed');
    },
  });
  await queue.define({
    name: SHOP_JOBS.adoptSubscriptionOrders,
    retryDelaySeconds: 60,
    handler: async (_data, { now }) => {
      const adopted = await adoptPaidOrders(db, { now, publicUrl: services.orders.config.publicUrl });
      if (adopted > 0) logger.info(`Made the subscriptions of ${adopted} order(s) paid before subscriptions existed.`);
    },
  });
  // Gift e-mails at their time by the shop's clock (server/gifts/README.md).
  await defineGiftJobs(queue, { db, mailer, publicUrl: services.orders.config.publicUrl, logger });
  const shop = services.subscriptions;
  if (shop) {
    await queue.define<RenewSubscriptionJob>({
      name: SHOP_JOBS.renewSubscription,
      policy: 'standard',
      // Renewals wait mostly on the database: several at once per process on PostgreSQL (server/jobs/README.md), each
      // worker fetching five per round trip (one fetch and one completion for five renewals), ten in flight per
      // process as the pool has connections.
      concurrency: Number(process.env.RENEWAL_CONCURRENCY) || 2,
      batchSize: Number(process.env.RENEWAL_BATCH) || 5,
      retryDelaySeconds: 60,
      handler: async (job, { now }) => {
        const outcome = await renewSubscription(shop, job.subscriptionId, now);
        logger.info({ job: SHOP_JOBS.renewSubscription, subscription: job.subscriptionId, outcome }, 'Subscription renewal run');
      },
    });
    await queue.define<UpcomingRenewalJob>({
      name: SHOP_JOBS.upcomingRenewal,
      policy: 'standard',
      retryDelaySeconds: 60,
      handler: async (job, { now }) => {
        const outcome = await mailUpcomingRenewal(db, { entries: await shop.catalogue.entries(), publicUrl: shop.config.publicUrl }, job, now);
        if (outcome === 'sent') mailer.wake();
        else logger.info({ job: SHOP_JOBS.upcomingRenewal, subscription: job.subscriptionId, outcome }, 'Upcoming-renewal mail not sent');
      },
    });
    await queue.define<SweepRenewalsJob>({
      name: SHOP_JOBS.sweepRenewals,
      retryDelaySeconds: 60,
      cron: '*/5 * * * *',
      handler: async (job, { now }) => {
        const sent = await sweepRenewals(db, queue, now, job.atStart === true);
        if (sent.length > 0) logger.info({ job: SHOP_JOBS.sweepRenewals, subscriptions: sent.length }, 'Sent again the renewals a stopped process left');
      },
    });
  }
  // What a start does: mail a previous run left pending, prune, settle orders a crash left behind.
  await queue.send(SHOP_JOBS.pruneExpired);
  await queue.send(SHOP_JOBS.reconcileOrders);
  await queue.send(SHOP_JOBS.runDue);
  await queue.send(SHOP_JOBS.adoptSubscriptionOrders);
  if (shop) await queue.send(SHOP_JOBS.sweepRenewals, { atStart: true } satisfies SweepRenewalsJob);
  mailer.wake();
}
