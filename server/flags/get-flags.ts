import { defineOperation } from '../http/operation';
import { flagsOf } from './visitor-flags';

/**
 * GET /flags (API.md): every feature flag and its value for this shop (spec 001 §9 Feature flags), each A/B test at
 * the caller's own arm (./visitor-flags.ts), so the answer is the visitor's and no shared cache keeps it.
 */
export const getFlags = defineOperation(
  'getFlags',
  { summary: 'The feature flags', tag: 'flags', responses: { 200: 'Flag name -> true | false | "0" | "1"' } },
  async ({ c, services }) => {
    c.header('Cache-Control', 'private, no-cache');
    return c.json(flagsOf(c, services.config), 200);
  },
);
