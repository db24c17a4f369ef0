/**
 * @module server/gifts/send-time: when a gift e-mail goes out (spec 001 §9: "at 10 AM EST on the chosen date, or
 * immediately if the date is today"). "EST" is read as US Eastern time, America/New_York, daylight saving included:
 * a shopper choosing July 4 means 10 AM on the clocks of New York that day (14:00 UTC), November 1 2026 after the
 * clocks went back 15:00 UTC. The zone's rules come from the IANA data through Luxon, never from offsets by hand.
 */
import { DateTime } from 'luxon';

/** The shop's gift calendar: days are US Eastern days. */
export const GIFT_ZONE = 'America/New_York';
/** The hour of the chosen day the e-mail goes out, on Eastern clocks. */
export const GIFT_SEND_HOUR = 10;

/** The US Eastern day it is at `now`, YYYY-MM-DD (10 PM Eastern on the 27th is already the 28th in UTC). */
export function easternToday(now: Date): string {
  return DateTime.fromJSDate(now, { zone: GIFT_ZONE }).toISODate()!;
}

/** The last day a gift bought on `today` may be sent: a year on (February 29 gives February 28). */
export function lastSendDay(today: string): string {
  return DateTime.fromISO(today, { zone: GIFT_ZONE }).plus({ years: 1 }).toISODate()!;
}

/** Whether `day` is a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && DateTime.fromISO(day, { zone: GIFT_ZONE }).isValid;
}

/** 10 AM US Eastern on `day`, as an instant. */
export function tenAmEastern(day: string): Date {
  const at = DateTime.fromISO(day, { zone: GIFT_ZONE }).set({ hour: GIFT_SEND_HOUR, minute: 0, second: 0, millisecond: 0 });
  if (!at.isValid) throw new Error(`Not a calendar day: ${day}`);
  return at.toJSDate();
}

/**
 * When the e-mail of a gift to be sent on `sendOn` goes out, for a gift paid at `paidAt`: 10 AM Eastern that day;
 * at once when that day is today in the East (whatever the hour, as §9 says) or already past (a payment the bank
 * held past the day).
 */
export function giftSendAt(sendOn: string, paidAt: Date): Date {
  return sendOn <= easternToday(paidAt) ? paidAt : tenAmEastern(sendOn);
}
