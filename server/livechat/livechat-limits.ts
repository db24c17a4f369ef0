import type { RateLimit } from '../config';

/**
 * How many conversations one account (a guest's too) and one address may start in an hour, and how many messages one
 * account may send: a person with a question sends a few, a script sending support mail is stopped. Off with the other
 * limits (RATE_LIMITS=off, benchmarks).
 */
export const LIVECHAT_LIMITS: { startPerUser: RateLimit; startPerIp: RateLimit; messagesPerUser: RateLimit } = {
  startPerUser: { limit: 5, windowSeconds: 60 * 60 },
  startPerIp: { limit: 20, windowSeconds: 60 * 60 },
  messagesPerUser: { limit: 30, windowSeconds: 60 * 60 },
};
