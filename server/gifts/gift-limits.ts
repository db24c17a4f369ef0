import type { RateLimit } from '../config';

/**
 * Redeeming attempts (POST /v1/gifts/redeem/), counted before the code is read, so a burst is limited as well as a
 * slow stream: a giftee's few codes and typos, far too few to guess an 80-bit code (there are 2^80 of them). Off with
 * the other limits (RATE_LIMITS=off, benchmarks). Kept here rather than in config.ts's identity limits: only this
 * call uses them.
 */
export const REDEEM_LIMITS: { perUser: RateLimit; perIp: RateLimit } = {
  perUser: { limit: 10, windowSeconds: 60 * 60 },
  perIp: { limit: 30, windowSeconds: 60 * 60 },
};
