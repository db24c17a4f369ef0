/**
 * @module server/referrals/referral-tracking: the referral-tracking service of spec 001 §7 ("customer track (id,
 * email, first and last name), sign_up (email, id, name), page views, and a visitor-status check returning
 * referralCodeBlocked and isSelfReferral"), as one interface, and the shop's embedded implementation, which records
 * every event in `referral_events` (no network). Another implementation (a vendor's) would be given to createApp as
 * `referralTracking` (server/services.ts).
 * Codes are never sent or recorded: the visitor-status check is asked about a code the shop already found, by its
 * row; page views carry a path without its query.
 */
import { and, count, eq, ne } from 'drizzle-orm';
import type { Database } from '../db/database';
import { referralCodes, referralEvents, referrals } from '../db/schema';
import type { Services } from '../services';

/** Spec 001 §7 "Customer data sent: pubkey, email, first_name, last_name, username". */
export interface TrackedCustomer {
  userId: number;
  pubkey: string;
  email: string | null;
  first_name: string;
  last_name: string;
  username: string | null;
}

/** Spec 001 §3 "Referral visitor status". */
export interface VisitorStatus {
  referralCodeBlocked: boolean;
  isSelfReferral: boolean;
}

export interface ReferralTracking {
  /** "customer track": who the customer is. */
  trackCustomer(db: Database, customer: TrackedCustomer): Promise<void>;
  /** "sign_up": a customer signed up. */
  signUp(db: Database, customer: TrackedCustomer): Promise<void>;
  /** A page view: the path only (never its query, which may carry a referral code). */
  pageView(db: Database, view: { userId: number | null; path: string }): Promise<void>;
  /** The visitor-status check of `visitorId` against a code (its row, found by the shop); `maxReferees` past which it is blocked. */
  visitorStatus(db: Database, check: { visitorId: number; codeId: number; maxReferees: number }): Promise<VisitorStatus>;
}

const customerData = (c: TrackedCustomer) => ({ pubkey: c.pubkey, email: c.email, first_name: c.first_name, last_name: c.last_name, username: c.username });

/** The embedded service: records each event in `referral_events`; answers the visitor status from the shop's tables. */
export const embeddedReferralTracking: ReferralTracking = {
  async trackCustomer(db, customer) {
    await db.insert(referralEvents).values({ kind: 'customer', userId: customer.userId, data: customerData(customer) });
  },
  async signUp(db, customer) {
    await db.insert(referralEvents).values({ kind: 'sign_up', userId: customer.userId, data: customerData(customer) });
  },
  async pageView(db, view) {
    await db.insert(referralEvents).values({ kind: 'page_view', userId: view.userId, data: { path: view.path.split(/[?#]/)[0] ?? '/' } });
  },
  async visitorStatus(db, { visitorId, codeId, maxReferees }) {
    const [code] = await db.select().from(referralCodes).where(eq(referralCodes.id, codeId));
    if (!code) throw new Error('The visitor status is asked of a code the shop found.');
    // Self-referral: the visitor's own code, or the code of someone the visitor referred (two accounts referring each other).
    let isSelfReferral = code.userId === visitorId;
    if (!isSelfReferral && code.userId !== null) {
      const [mutual] = await db
        .select({ id: referrals.id })
        .from(referrals)
        .innerJoin(referralCodes, eq(referralCodes.id, referrals.codeId))
        .where(and(eq(referrals.refereeId, code.userId), eq(referralCodes.userId, visitorId)));
      isSelfReferral = mutual !== undefined;
    }
    const [used] = await db
      .select({ n: count() })
      .from(referrals)
      .where(and(eq(referrals.codeId, codeId), ne(referrals.refereeId, visitorId)));
    const referralCodeBlocked = code.blockedAt !== null || Number(used?.n ?? 0) >= maxReferees;
    const status = { referralCodeBlocked, isSelfReferral };
    await db.insert(referralEvents).values({ kind: 'visitor_status', userId: visitorId, data: { ...status } });
    return status;
  },
};

/** The service the app was given, else the embedded one. */
export const referralTrackingOf = (services: Pick<Services, 'referralTracking'>): ReferralTracking => services.referralTracking ?? embeddedReferralTracking;
