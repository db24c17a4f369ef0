import { waitFor } from 'xstate';
import type { Session } from './index';

/**
 * A session to act in: the shopper's, or for a first-time visitor a guest's (spec 001 §6: a guest may fill a cart,
 * buy a gift card or write to the team). Waits for the session to settle, asks for a guest session when there is
 * none, and answers whether the visitor now has one. The app's pages that act for a visitor without an account
 * (adding to a cart, sending a gift card, the live chat) all start here.
 */
export async function ensureSession(session: Session): Promise<boolean> {
  const { actor, module } = await session.load();
  const settled = (s: ReturnType<typeof actor.getSnapshot>) => ['authenticated', 'not_authenticated', 'error'].includes(module.selectAuthStatus(s));
  if (module.selectAuthStatus(await waitFor(actor, settled)) === 'authenticated') return true;
  actor.send({ type: 'GUEST' });
  const snapshot = await waitFor(actor, (s) => module.selectAuthStatus(s) !== 'loading' && settled(s));
  return module.selectAuthStatus(snapshot) === 'authenticated';
}

/** As ensureSession, but a visitor left without a session is an error (the session's own, else `missing`). */
export async function requireSession(session: Session, missing: string): Promise<void> {
  if (await ensureSession(session)) return;
  const { actor } = await session.load();
  throw actor.getSnapshot().context.error ?? new Error(missing);
}
