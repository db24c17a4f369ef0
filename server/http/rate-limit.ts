import { sql } from 'drizzle-orm';
import type { RateLimit } from '../config';
import { rateLimits } from '../db/schema';
import type { Services } from '../services';
import { hashToken } from '../identity/token-hash';
import { ApiError } from './api-error';

/** Counts one request against `key`; past the limit it is 429 rate_limited with Retry-After. Counters live in the database, so every process shares them. */
export async function hitRateLimit(services: Services, key: string, limit: RateLimit | undefined): Promise<void> {
  if (!limit) return;
  // Hashed: the key holds what the client sent (a username, a forwarded address), of any length.
  const storedKey = hashToken(key);
  const now = services.clock.now().getTime();
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
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
  if (row && row.count > limit.limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000));
    throw new ApiError(429, 'rate_limited', 'Too many attempts. Please wait a little and try again.', undefined, {
      'Retry-After': String(retryAfter),
    });
  }
}
