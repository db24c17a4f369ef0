import { eq } from 'drizzle-orm';
import { stylists, users } from '../db/schema';
import { notFound } from '../http/api-error';
import { defineOperation } from '../http/operation';
import { loadUser } from './load-user';

/** POST /v1/account/stylist: links the stylist with this public slug to the customer (spec 000 §4.2). */
export const linkStylist = defineOperation(
  'linkStylist',
  {
    summary: 'Link a stylist to the customer',
    tag: 'account',
    responses: { 200: 'The user, with the stylist', 404: 'unknown_stylist' },
  },
  async ({ c, body, auth, services }) => {
    const [stylist] = await services.db.select().from(stylists).where(eq(stylists.publicSlug, body.public_slug)).limit(1);
    if (!stylist) throw notFound('unknown_stylist', 'There is no stylist with this link.');
    await services.db.update(users).set({ stylistId: stylist.id, updatedAt: services.clock.now() }).where(eq(users.id, auth.user.id));
    return c.json(await loadUser(services.db, auth.user.id, services.clock.now()), 200);
  },
);
