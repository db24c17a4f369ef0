import { and, eq, sql } from 'drizzle-orm';
import type { RateLimit } from '../config';
import { rateLimits } from '../db/schema';
import type { Services } from '../services';
import { hashToken } from '../identity/token-hash';
import type { ServerErrorCode } from '#api';
import { ApiError } from './api-error';

/** Counts one request against `key`; past the limit it is 429 rate_limited with Retry-After. Counters live in the database, so every process shares them. */
export async function hitRateLimit(services: Services, key: string, limit: RateLimit | undefined): Promise<void> {
  const counted = await countEvent(services, key, limit);
  if (counted && counted.count > limit!.limit) throw tooMany('rate_limited', 'Too many attempts. Please wait a little and try again.', counted.retryAfter);
}

/**
 * Refuses (429 `code`, with Retry-After) when `key` has already counted `limit` events in this window, without counting
 * one: for events counted after the fact, such as declined payments (`countEvent`).
 */
export async function checkRateLimit(services: Services, key: string, limit: RateLimit | undefined, code: ServerErrorCode, detail: string): Promise<void> {
  if (!limit) return;
  const { windowStart, retryAfter } = windowOf(services, limit);
  const [row] = await services.db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, hashToken(key)), eq(rateLimits.windowStart, windowStart)));
  if (row && row.count >= limit.limit) throw tooMany(code, detail, retryAfter);
}

const tooMany = (code: ServerErrorCode, detail: string, retryAfter: number) =>
  new ApiError(429, code, detail, undefined, { 'Retry-After': String(retryAfter) });

function windowOf(services: Services, limit: RateLimit): { windowStart: Date; retryAfter: number } {
  const now = services.clock.now().getTime();
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  return { windowStart, retryAfter: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000)) };
}

/** Counts one event against `key` in the current window: the count so far, and when the window ends. */
export async function countEvent(services: Services, key: string, limit: RateLimit | undefined): Promise<{ count: number; retryAfter: number } | null> {
  if (!limit) return null;
  // Hashed: the key holds what the client sent (a username, a forwarded address), of any length.
  const storedKey = hashToken(key);
  const { windowStart, retryAfter } = windowOf(services, limit);
  const [row] = await services.db
    .insert(rateLimits)
    .values({ key: storedKey, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} = excluded.window_start then ${rateLimits.count} + 1 else 1 end`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ count: rateLimits.count });
  return { count: row?.count ?? 1, retryAfter };
}
