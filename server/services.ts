import type { CatalogueReader } from './catalog/catalogue-reader';
import type { Clock } from './clock';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import type { Mailer } from './mail/mailer';
import type { ProfileFlows } from './profile/profile-flows';
import type { PaymentProvider } from './payments/payment-provider';
import type { ReferralTracking } from './referrals/referral-tracking';
import type { EventSink } from './tracking/event-sink';
import type { DevClock } from './system/dev-clock';
import type { LiveChatProvider } from './livechat/livechat-provider';
import type { RequestConsent } from './tracking/consent';

/** What every operation may use: resolved from createApp's deps. */
export interface Services {
  db: Database;
  clock: Clock;
  config: AppConfig;
  mailer: Mailer;
  flows: ProfileFlows;
  catalogue: CatalogueReader;
  /** Charges cards: the embedded test provider unless the app is given another (Stripe). */
  payments: PaymentProvider;
  /** The movable clock and the due jobs' runner of POST /dev/clock; none in production (or an app without a job queue). */
  devClock?: DevClock;
  /** The referral-tracking service (spec 001 §7); none given: the embedded one, which records its events (server/referrals/). */
  referralTracking?: ReferralTracking;
  /** The chat provider (server/livechat/); none given: the embedded one, which makes a conversation a support inquiry answered by mail. */
  liveChat?: LiveChatProvider;
  /** Where tracked events go (server/tracking/); none given: the embedded recorder, which writes them to tracking_events. */
  eventSink?: EventSink;
  /**
   * The consent of the request an operation answers (server/tracking/consent.ts, requestServices); none outside a
   * request (a job, a renewal), where the server's events follow the customer's last known consent.
   */
  requestConsent?: RequestConsent;
}
