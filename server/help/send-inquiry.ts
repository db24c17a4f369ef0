import { randomBytes } from 'node:crypto';
import type { ParsedRequestBody, ResponseBody } from '#api';
import type { Database } from '../db/database';
import type { Auth } from '../http/authenticate';
import { enqueueMail } from '../mail/enqueue-mail';
import { kbInquiries } from '../db/schema';
import type { Services } from '../services';
import { inquiryAcknowledgementMail, supportInquiryMail } from './inquiry-mail';
import { supportAddress } from './support-address';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** HC-XXXXXXXX: 40 random bits in Crockford's base32 (reads aloud, no I, L, O or U). */
export function newInquiryReference(): string {
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let chars = '';
  for (let i = 7; i >= 0; i--) chars += ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return `HC-${chars}`;
}

/**
 * POST /v1/knowledge_base/inquiries: keeps the message (with the caller's account when signed in) and puts support's
 * mail and the shopper's acknowledgement in the outbox, in one transaction (both or neither). A filled honeypot
 * (`website`, a field people never see) gets the same answer and keeps and mails nothing.
 * Undo: nothing to undo outside the transaction; the mails leave only after it commits (mailer.wake()).
 */
export async function sendInquiry(
  services: Services,
  auth: Auth | null,
  body: ParsedRequestBody<'sendKbInquiry'>,
  /** A caller's transaction to write in (live chat's conversation: server/livechat/), else the database. */
  db: Database = services.db,
): Promise<ResponseBody<'sendKbInquiry'>> {
  const now = services.clock.now();
  const reference = newInquiryReference();
  const received = { reference, received_at: now.toISOString() };
  if (body.website !== undefined && body.website.trim() !== '') return received;
  const facts = {
    reference,
    name: body.name,
    email: body.email,
    topic: body.topic,
    message: body.message,
    order: body.order || undefined,
    source: body.source,
    account: auth && !auth.user.isGuest ? (auth.user.email ?? null) : null,
  };
  await db.transaction(async (tx) => {
    await tx.insert(kbInquiries).values({
      reference,
      userId: auth?.user.id ?? null,
      name: body.name,
      email: body.email,
      topic: body.topic,
      message: body.message,
      orderRef: body.order || null,
      source: body.source,
      createdAt: now,
    });
    await enqueueMail(tx, now, supportInquiryMail(facts, supportAddress(services.config)));
    await enqueueMail(tx, now, inquiryAcknowledgementMail(facts));
  });
  services.mailer.wake();
  return received;
}
