import { eq } from 'drizzle-orm';
import { stylists } from '../db/schema';
import { notFound } from '../http/api-error';
import { defineOperation } from '../http/operation';
import { stylistView } from './stylist-view';

/** GET /v1/stylists/{public_slug}: a stylist's public profile. */
export const getStylist = defineOperation(
  'getStylist',
  {
    summary: 'A stylist’s public profile',
    tag: 'account',
    responses: { 200: 'The stylist', 404: 'unknown_stylist' },
  },
  async ({ c, params, services }) => {
    const [row] = await services.db
      .select()
      .from(stylists)
      .where(eq(stylists.publicSlug, params.public_slug ?? ''))
      .limit(1);
    if (!row) throw notFound('unknown_stylist', 'There is no stylist with this link.');
    return c.json(stylistView(row), 200);
  },
);
