import { and, eq, ne, or } from 'drizzle-orm';
import type { Database } from '../db/database';
import { isUniqueViolation } from '../db/is-unique-violation';
import { users } from '../db/schema';
import { ApiError, validationError } from '../http/api-error';
import { defineOperation } from '../http/operation';
import { usernameProblem } from '../identity/username-rule';
import { loadUser } from './load-user';
import { requestEmailChange } from './request-email-change';

/**
 * PATCH /v1/account/: names, phone, username and text opt-ins apply at once. A new e-mail does not: the new address is
 * mailed a link, and the account's e-mail changes only when it is confirmed (`pending_email` until then).
 */
export const updateAccount = defineOperation(
  'patchAccount',
  {
    summary: 'Update the signed-in user (a new e-mail waits for confirmation)',
    tag: 'account',
    responses: {
      200: 'The updated user; a new e-mail shows as pending_email until confirmed',
      400: 'Field errors (an e-mail already in use, a username shaped like another address)',
      403: 'guest_account: guests set their e-mail by signing up',
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
    if (body.username !== undefined) {
      const problem = usernameProblem(body.username, current.email);
      if (problem) throw validationError({ username: [problem] });
      changes.username = body.username;
      await refuseTaken(db, current.id, body.username, 'username');
    }
    const newEmail = body.email !== undefined && body.email !== current.email ? body.email : null;
    if (newEmail) await refuseTaken(db, current.id, newEmail, 'email');
    try {
      await db.transaction(async (tx) => {
        await tx.update(users).set(changes).where(eq(users.id, current.id));
        if (newEmail) await requestEmailChange(tx, services, current, newEmail);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken('username');
      throw error;
    }
    if (newEmail) services.mailer.wake();
    return c.json(await loadUser(db, current.id, clock.now()), 200);
  },
);

/** 400 when another account already signs in with, or is named, this login. */
async function refuseTaken(db: Database, userId: number, login: string, field: 'email' | 'username'): Promise<void> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(ne(users.id, userId), or(eq(users.email, login), eq(users.username, login))))
    .limit(1);
  if (other) throw taken(field);
}

function taken(field: 'email' | 'username'): ApiError {
  return validationError({ [field]: [field === 'email' ? 'An account with this e-mail address already exists.' : 'This username is taken.'] });
}
