import { defineOperation } from '../http/operation';

/** GET /flags (API.md): every feature flag and its value for this shop (spec 001 §9 Feature flags). */
export const getFlags = defineOperation(
  'getFlags',
  { summary: 'The feature flags', tag: 'flags', responses: { 200: 'Flag name -> true | false | "0" | "1"' } },
  async ({ c, services }) => c.json(services.config.flags, 200),
);
