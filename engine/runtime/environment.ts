import type { FlowEnvironment } from './types.ts';

/** The environment of a visitor nobody knows yet: no session, no flags, no query. */
export function anonymousEnvironment(overrides: Partial<FlowEnvironment> = {}): FlowEnvironment {
  return { session: 'anonymous', user: {}, flags: {}, query: {}, order: {}, context: {}, ...overrides };
}
