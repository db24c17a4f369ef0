import type { Category } from '#api';
import { categoryOf } from '#api/shared';
/** Where a magic link leads when nothing says otherwise (a returning shopper resumes their haircare consultation). */
export const DEFAULT_NEXT = '/consultation/haircare?is-returning=true';

const consultationPath = /^\/consultation\/(haircare|skincare)(?:[/?#]|$)/;

/** A path on this site, never another origin ("//host"). */
const isLocalPath = (path: string | null | undefined): path is string => Boolean(path?.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\'));

/**
 * Where signing in leads (spec 000 §2.1): the page's `next`; else back to the consultation the sign-in was
 * started from (the page that linked here: router state, or the referring page), resumed at the first
 * unanswered step; else DEFAULT_NEXT.
 * @example signInNext(null, '/consultation/skincare/my-skin/concerns') // '/consultation/skincare?is-returning=true'
 */
export function signInNext(next: string | null, from?: string): string {
  if (isLocalPath(next)) return next;
  const category = from?.match(consultationPath)?.[1];
  return category ? `/consultation/${category}?is-returning=true` : DEFAULT_NEXT;
}

/** The path of a same-origin referrer (a plain link from a consultation step), if any. */
export function referrerPath(referrer: string, origin: string): string | undefined {
  return referrer.startsWith(`${origin}/`) ? referrer.slice(origin.length) : undefined;
}

/** The consultation a `next` path leads to, for the account's origin (spec 000 §9): skincare, else haircare. */
export function nextCategory(next: string): Category {
  return categoryOf(next.match(consultationPath)?.[1]);
}
