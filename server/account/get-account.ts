import { user } from '#api';
import { defineOperation } from '../http/operation';
import { loadUser } from './load-user';

/** GET /v1/account/: the signed-in user (or guest). */
export const getAccount = defineOperation(
  {
    method: 'get',
    path: '/v1/account/',
    summary: 'The signed-in user',
    tag: 'account',
    auth: 'required',
    responses: { 200: { description: 'The user', schema: user } },
  },
  async ({ c, auth, services }) => c.json(await loadUser(services.db, auth.user.id, services.clock.now()), 200),
);
