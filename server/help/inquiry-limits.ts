import type { RateLimit } from '../config';

/**
 * The contact form (POST /v1/knowledge_base/inquiries), counted before anything is kept: a shopper's few messages
 * and second thoughts, too few for a bot to fill support's inbox or to mail a stranger acknowledgements. Per address
 * and per e-mail (the acknowledgement goes there). Off with the other limits (RATE_LIMITS=off, benchmarks).
 */
export const INQUIRY_LIMITS: { perIp: RateLimit; perEmail: RateLimit } = {
  perIp: { limit: 10, windowSeconds: 60 * 60 },
  perEmail: { limit: 5, windowSeconds: 60 * 60 },
};
