/**
 * @module server/gifts/send-gift-mail: the `send-gift-mail` job (key `gift:<id>`, scheduled when the gift's order is
 * paid, gift-paid.ts): makes the gift's code, keeps only its sha256, and writes the e-mail to the outbox in the same
 * transaction, once per gift (the gift's row is locked and must still be `scheduled`: a retried or repeated job
 * writes nothing twice, and a rolled-back run leaves neither a code nor a mail).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { gifts } from '../db/schema';
import { scheduleJob } from '../jobs/schedule';
import { enqueueMail } from '../mail/enqueue-mail';
import { giftCodeHash, newGiftCode } from './gift-code';
import { giftMail } from './gift-mail';
import { GIFT_MAIL_JOB, giftMailKey } from './gift-paid';

export type GiftMailOutcome = 'sent' | 'not_paid' | 'already_sent' | 'not_due' | 'missing';

export async function sendGiftMail(db: Database, options: { publicUrl: string }, giftId: number, now: Date): Promise<GiftMailOutcome> {
  return db.transaction(async (tx) => {
    const [gift] = await tx.select().from(gifts).where(eq(gifts.id, giftId)).for('update');
    if (!gift) return 'missing';
    if (gift.status === 'awaiting_payment' || gift.status === 'replaced') return 'not_paid';
    if (gift.status !== 'scheduled') return 'already_sent';
    if (gift.sendAt && now < gift.sendAt) {
      // Sent early (by hand, or a clock set back): it waits for its time again.
      await scheduleJob(tx, { name: GIFT_MAIL_JOB, key: giftMailKey(gift.id), at: gift.sendAt, data: { giftId: gift.id } });
      return 'not_due';
    }
    const code = newGiftCode();
    await tx
      .update(gifts)
      .set({ codeHash: giftCodeHash(code), status: 'sent', sentAt: now, updatedAt: now })
      .where(eq(gifts.id, gift.id));
    await enqueueMail(
      tx,
      now,
      giftMail(
        {
          recipientName: gift.recipientName,
          recipientEmail: gift.recipientEmail,
          senderName: gift.senderName,
          message: gift.message,
          amount: gift.amount,
          currency: gift.currency,
          country: gift.country,
          code,
        },
        options.publicUrl,
      ),
    );
    return 'sent';
  });
}
