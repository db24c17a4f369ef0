import { and, eq, ne, or } from 'drizzle-orm';
import { errorBody, user, userPatch } from '#api';
import { isUniqueViolation } from '../db/is-unique-violation';
import { users } from '../db/schema';
import { ApiError, validationError } from '../http/api-error';
import { defineOperation } from '../http/operation';
import type { Database } from '../db/database';
import { loadUser } from './load-user';

/** PATCH /v1/account/: names, contact details and text opt-ins. */
export const updateAccount = defineOperation(
  {
    method: 'patch',
    path: '/v1/account/',
    summary: 'Update the signed-in user',
    tag: 'account',
    auth: 'required',
    body: userPatch,
    responses: {
      200: { description: 'The updated user', schema: user },
      400: { description: 'Field errors (an e-mail already in use is one)', schema: errorBody },
      403: { description: 'guest_account: guests set their e-mail by signing up', schema: errorBody },
    },
  },
  async ({ c, body, auth, services }) => {
    const { db, clock } = services;
    const current = auth.user;
    if ((body.email !== undefined || body.username !== undefined) && current.isGuest) {
      throw new ApiError(403, 'guest_account', 'Sign up to give your account an e-mail address.');
    }
    const changes: Partial<typeof users.$inferInsert> = { updatedAt: clock.now() };
    if (body.first_name !== undefined) changes.firstName = body.first_name;
    if (body.last_name !== undefined) changes.lastName = body.last_name;
    if (body.phone !== undefined) changes.phone = body.phone;
    if (body.text_optin !== undefined) changes.textOptin = body.text_optin;
    if (body.text_marketing_optin !== undefined) changes.textMarketingOptin = body.text_marketing_optin;
    if (body.email !== undefined) {
      changes.email = body.email;
      // The username follows the e-mail unless the customer chose another one.
      if (body.username === undefined && current.username === current.email) changes.username = body.email;
    }
    if (body.username !== undefined) changes.username = body.username;
    const logins = [changes.email, changes.username].filter((login): login is string => typeof login === 'string');
    if (logins.length > 0) await refuseTakenLogins(services.db, current.id, logins, body.email !== undefined ? 'email' : 'username');
    try {
      await db.update(users).set(changes).where(eq(users.id, current.id));
    } catch (error) {
      if (isUniqueViolation(error)) throw taken(body.email !== undefined ? 'email' : 'username');
      throw error;
    }
    return c.json(await loadUser(db, current.id), 200);
  },
);

async function refuseTakenLogins(db: Database, userId: number, logins: string[], field: string): Promise<void> {
  const clauses = logins.flatMap((login) => [eq(users.email, login), eq(users.username, login)]);
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(ne(users.id, userId), or(...clauses)))
    .limit(1);
  if (other) throw taken(field);
}

function taken(field: string): ApiError {
  return validationError({ [field]: ['An account with this e-mail address already exists.'] });
}
