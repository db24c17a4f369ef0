/**
 * @module server/subscriptions/schedule: the dates of a subscription's schedule and its renewal job (README.md). Dates
 * are days of the shop's calendar in UTC (`YYYY-MM-DD`); a product due on a date renews at RENEWAL_HOUR_UTC that day,
 * by the shop's clock (server/clock.ts), through `scheduleJob` (one job per subscription, moved as its dates move).
 */
import { asc, eq, min, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { subscriptionProducts } from '../db/schema';
import { scheduleJob, unscheduleJob } from '../jobs/schedule';

export const RENEW_SUBSCRIPTION_JOB = 'renew-subscription';
/** What the renewal job is given: the subscription's id. */
export interface RenewSubscriptionJob {
  subscriptionId: number;
}

export const UPCOMING_RENEWAL_JOB = 'upcoming-renewal-mail';
/** What the upcoming-renewal mail's job is given: the subscription and the renewal date it announces. */
export interface UpcomingRenewalJob {
  subscriptionId: number;
  dueOn: string;
}

/**
 * The upcoming-renewal mail goes this many days before a renewal (upcoming-renewal.ts): time enough to skip, snooze
 * or change the box from the account even for someone who reads their mail every other day, yet close enough that the
 * box it lists is the one that comes (a renewal's date rarely moves in its last three days).
 */
export const REMINDER_DAYS_BEFORE = 3;

/**
 * The hour (UTC) a renewal runs on its date: 15:00 UTC is 10 or 11 AM US Eastern and 7 or 8 AM US Pacific, so the
 * renewal mail arrives in the shopper's morning and customer care is at work if the card fails.
 */
export const RENEWAL_HOUR_UTC = 15;

const DAY_MS = 86_400_000;

/** The shop's calendar day of an instant (UTC). */
export const dayOf = (instant: Date): string => instant.toISOString().slice(0, 10);

/** A day moved by `days` (negative: back). */
export function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** A day moved by `weeks`. */
export const addWeeks = (day: string, weeks: number): string => addDays(day, weeks * 7);

/** When a renewal due on `day` runs. */
export const renewalInstant = (day: string): Date => new Date(`${day}T${String(RENEWAL_HOUR_UTC).padStart(2, '0')}:00:00Z`);

/** The job key of a subscription's renewal (one per subscription: scheduling again moves it). */
export const renewalJobKey = (subscriptionId: number): string => `subscription:${subscriptionId}`;

/** The earliest next date of a subscription's products, skipped ones included (they are moved on that date); null for none. */
export async function nextDueDay(tx: Database, subscriptionId: number): Promise<string | null> {
  const [row] = await tx
    .select({ day: min(subscriptionProducts.nextStart) })
    .from(subscriptionProducts)
    .where(eq(subscriptionProducts.subscriptionId, subscriptionId));
  return row?.day ?? null;
}

/** The subscription's products, in the order they were added. */
export function productsOf(tx: Database, subscriptionId: number) {
  return tx.select().from(subscriptionProducts).where(eq(subscriptionProducts.subscriptionId, subscriptionId)).orderBy(asc(subscriptionProducts.id));
}

/**
 * Schedules the subscription's renewal job at its earliest product date (or at `at`, a retry), inside the caller's
 * transaction; with no product left, none. The upcoming-renewal mail's job moves with it, REMINDER_DAYS_BEFORE days
 * earlier at the same hour; a retry (`at`) has none (the subscription is on hold).
 */
export async function scheduleRenewal(tx: Database, subscriptionId: number, at?: Date): Promise<Date | null> {
  return at ? scheduleRenewalAt(tx, subscriptionId, null, at) : scheduleRenewalAt(tx, subscriptionId, await nextDueDay(tx, subscriptionId));
}

/** The earliest next date of these products (a subscription's, all of them); null for none. */
export const earliestStart = (products: readonly { nextStart: string }[]): string | null =>
  products.reduce<string | null>((min, p) => (min === null || p.nextStart < min ? p.nextStart : min), null);

/**
 * scheduleRenewal when the caller already holds the subscription's earliest product date (`day`, read under its lock:
 * a renewal that has just moved the dates), or schedules a retry `at` (day null).
 */
export async function scheduleRenewalAt(tx: Database, subscriptionId: number, day: string | null, at?: Date): Promise<Date | null> {
  const when = at ?? (day ? renewalInstant(day) : null);
  if (!when) {
    await unscheduleRenewal(tx, subscriptionId);
    return null;
  }
  const renewal = { name: RENEW_SUBSCRIPTION_JOB, key: renewalJobKey(subscriptionId), at: when, data: { subscriptionId } };
  if (day) {
    await tx.execute(renewalJobsFromStatement(subscriptionId, sql`${day}::date`));
  } else {
    await scheduleJob(tx, renewal);
    await unscheduleJob(tx, UPCOMING_RENEWAL_JOB, renewalJobKey(subscriptionId));
  }
  return when;
}

/**
 * scheduleRenewalAt's jobs for a day `day` read in SQL (a renewal's conclusion computes the new earliest date in the
 * statement that moves the dates, renew.ts): one statement, an upsert of the renewal job and the upcoming-renewal
 * mail's job on that day, or the removal of both when it is null. `day`: a scalar subquery of type date.
 */
export function renewalJobsFromStatement(subscriptionId: number, day: SQL): SQL {
  const key = renewalJobKey(subscriptionId);
  const hour = sql`make_interval(hours => ${RENEWAL_HOUR_UTC})`;
  return sql`insert into scheduled_jobs (name, key, data, due_at)
    select job.name, ${key}, job.data, job.due_at from (select ${day} as day) d
    cross join lateral (values
      (${RENEW_SUBSCRIPTION_JOB}, jsonb_build_object('subscriptionId', ${subscriptionId}::int), (d.day::timestamp + ${hour}) at time zone 'UTC'),
      (${UPCOMING_RENEWAL_JOB}, jsonb_build_object('subscriptionId', ${subscriptionId}::int, 'dueOn', d.day::text),
        ((d.day - ${REMINDER_DAYS_BEFORE}::int)::timestamp + ${hour}) at time zone 'UTC')) job(name, data, due_at)
    where d.day is not null
    on conflict (name, key) do update set data = excluded.data, due_at = excluded.due_at`;
}

/** Removes the subscription's renewal job and its upcoming-renewal mail (a cancel). */
export async function unscheduleRenewal(tx: Database, subscriptionId: number): Promise<void> {
  await unscheduleJob(tx, RENEW_SUBSCRIPTION_JOB, renewalJobKey(subscriptionId));
  await unscheduleJob(tx, UPCOMING_RENEWAL_JOB, renewalJobKey(subscriptionId));
}
