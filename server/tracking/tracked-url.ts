/**
 * What is kept of a page's address (spec 001 §2 "The router location (pathname and search) is tracked"): its path and
 * its utm_* parameters, nothing else. Every other query parameter (a magic link's token, a gift's code, a referral
 * code, an e-mail) and the fragment are dropped, so no secret reaches the events table.
 * @example trackedPath('https://shop.test/signin/verify?token=abc&utm_source=mail') // '/signin/verify?utm_source=mail'
 */
const UTM = /^utm_(source|medium|campaign|content|term)$/;
const UTM_VALUE = /^[A-Za-z0-9_.+-]{1,100}$/;
const MAX_PATH = 300;

export function trackedPath(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://shop.invalid');
  } catch {
    return '/';
  }
  // Only characters a path may carry unencoded are kept; anything odd leaves the path shorter, never longer.
  const path = parsed.pathname.replace(/[^A-Za-z0-9/_.~%:@!$&'()*+,;=-]/g, '').slice(0, MAX_PATH) || '/';
  const utms = [...parsed.searchParams].filter(([key, value]) => UTM.test(key) && UTM_VALUE.test(value));
  const search = new URLSearchParams(utms).toString();
  return search ? `${path}?${search}` : path;
}
