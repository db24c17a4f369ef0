import type { GiftSummary } from '#api';
import { toMoney } from '#api/money';
import type { gifts } from '../db/schema';

export type GiftRow = typeof gifts.$inferSelect;

/** A gift as its gifter sees it (GET /v1/gifts/): its status, value, words and send time, never its code. */
export function giftView(row: GiftRow): GiftSummary {
  return {
    pubkey: row.pubkey,
    // A replaced gift is never shown; were one asked for, it is as good as unpaid.
    status: row.status === 'replaced' ? 'awaiting_payment' : row.status,
    amount: toMoney(row.amount),
    currency: row.currency,
    occasion: row.occasion,
    message: row.message,
    recipient_name: row.recipientName,
    recipient_email: row.recipientEmail,
    sender_name: row.senderName,
    send_on: row.sendOn,
    send_at: row.sendAt?.toISOString() ?? null,
    sent_at: row.sentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
