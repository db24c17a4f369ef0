import type { HairProfile, User } from '#api';
import { anonymousEnvironment, type FlowEnvironment, type SessionStatus } from '#engine';
import type { AuthStatus } from '../session/session-core';

/** The session as flows see it: anonymous, guest (guest tokens) or authenticated (spec 000 §6). */
export function flowSession(status: AuthStatus, user: User | null | undefined): SessionStatus {
  if (status !== 'authenticated' || !user) return 'anonymous';
  return user.is_guest ? 'guest' : 'authenticated';
}

/**
 * The environment a consultation runs in: who is there (rules read `user.<fact>`: whether they gave their
 * names, and their profile summary, with the question sets answered, spec 000 §2.6 and §3.9, taken from the
 * freshly loaded hair profile when there is one), the shop's flags (GET /flags: app/flags.ts), the entry URL's query.
 */
export function flowEnvironment(
  status: AuthStatus,
  user: User | null | undefined,
  search: string,
  profile?: HairProfile,
  flags: FlowEnvironment['flags'] = {},
): FlowEnvironment {
  // The summary's one-value facts (has_feedback_from_categories, a set of flags, is no rule's fact).
  const summary = Object.entries(user?.profile ?? {}).filter(
    (entry): entry is [string, string | number | boolean | null] => typeof entry[1] !== 'object' || entry[1] === null,
  );
  const facts: FlowEnvironment['user'] = { ...Object.fromEntries(summary), hasNames: Boolean(user?.first_name && user?.last_name) };
  for (const key in profile) if (key.startsWith('has_answered_')) facts[key] = profile[key] as boolean;
  return anonymousEnvironment({
    session: flowSession(status, user),
    user: facts,
    flags,
    query: Object.fromEntries(new URLSearchParams(search)),
  });
}
