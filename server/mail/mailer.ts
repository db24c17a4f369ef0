/** A message as the shop writes it; the outbox adds the recipient's address and tracking. */
export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** What the HTTP layer needs from mail delivery: a nudge once an enqueuing transaction has committed. */
export interface Mailer {
  wake(): void;
}

/** A mailer that never sends: messages stay in the outbox (dev without SMTP, most tests). */
export const outboxOnlyMailer: Mailer = { wake: () => undefined };
