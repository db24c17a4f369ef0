/**
 * The sign-up event with its origin (spec 001 §9 Tracking: "Sign-up origins include checkout_cartv2 and
 * gift_card_gifter (others belong to consultation)"; spec 000 §9 lists them), recorded by POST /v1/auth/signup/ in
 * its transaction for the visitor and the new customer, when the visitor's consent allows analytics (consent.ts); the
 * consent is kept as the new customer's last known one.
 */
import type { Context } from 'hono';
import type { Database } from '../db/database';
import type { users } from '../db/schema';
import { visitorOf } from '../http/visitor';
import type { Services } from '../services';
import { serverEventsAllowed, serverEventsAllowedFor } from './consent';
import { trackingOf } from './event-sink';

export async function trackSignUp(tx: Database, services: Services, c: Context, user: typeof users.$inferSelect): Promise<void> {
  // The request's consent (consentScope), else read from this request (a caller outside the app's middleware).
  if (!(await serverEventsAllowedFor(tx, user.id, services.clock.now(), () => serverEventsAllowed(c), services.requestConsent))) return;
  await trackingOf(services).record(tx, [
    {
      at: services.clock.now(),
      visitorId: visitorOf(c) ?? null,
      userId: user.id,
      kind: 'server',
      name: 'sign_up',
      data: { origin: user.customerOrigin ?? null },
    },
  ]);
}
