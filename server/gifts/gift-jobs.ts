import type { Database } from '../db/database';
import type { JobQueue } from '../jobs/queue';
import type { Logger } from '../log/logger';
import type { Mailer } from '../mail/mailer';
import { GIFT_MAIL_JOB, type GiftMailJob } from './gift-paid';
import { sendGiftMail } from './send-gift-mail';

/**
 * Defines the gift cards' job on the queue (server/jobs/shop-jobs.ts `defineShopJobs` calls it): `send-gift-mail`,
 * each gift's e-mail at its time by the shop's clock (scheduled through `scheduled_jobs`, sent by `run-due`).
 */
export async function defineGiftJobs(queue: JobQueue, services: { db: Database; mailer: Mailer; publicUrl: string; logger: Logger }): Promise<void> {
  await queue.define<GiftMailJob>({
    name: GIFT_MAIL_JOB,
    policy: 'standard',
    retryDelaySeconds: 60,
    handler: async (job, { now }) => {
      const outcome = await sendGiftMail(services.db, { publicUrl: services.publicUrl }, job.giftId, now);
      if (outcome === 'sent') services.mailer.wake();
      else services.logger.info({ job: GIFT_MAIL_JOB, gift: job.giftId, outcome }, 'Gift e-mail not written');
    },
  });
}
