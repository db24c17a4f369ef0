import { defineOperation } from '../http/operation';
import { loadUser } from './load-user';

/** GET /v1/account/: the signed-in user (or guest). */
export const getAccount = defineOperation(
  'getAccount',
  {
    summary: 'The signed-in user',
    tag: 'account',
    responses: { 200: 'The user' },
  },
  async ({ c, auth, services }) => c.json(await loadUser(services.db, auth.user.id, services.clock.now()), 200),
);
