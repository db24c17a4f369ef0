import type { Context } from 'hono';
import { ApiError } from '../http/api-error';
import { authenticate, type Auth } from '../http/authenticate';
import type { Services } from '../services';

/**
 * The live guest session whose access token came with the request, else null: no token, a customer's token, or a
 * bad one (following a sign-in link must not fail on a stale token the browser still holds).
 */
export async function callerGuestSession(c: Context, services: Services): Promise<Auth | null> {
  try {
    const auth = await authenticate(c, services, false);
    return auth?.user.isGuest ? auth : null;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}
