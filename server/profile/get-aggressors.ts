import { eq } from 'drizzle-orm';
import { hairProfiles } from '../db/schema';
import { computeAggressors } from '../formulation/aggressors/compute-aggressors';
import { ApiError, notFound } from '../http/api-error';
import { defineOperation } from '../http/operation';
import { countryOf, locateZipcode } from './locate-zipcode';

/** GET /v1/account/hair_profile/aggressors: the shopper's place from profile_zipcode/profile_country, and what affects them there this season (formulation/aggressors). */
export const getAggressors = defineOperation(
  'getAggressors',
  {
    summary: 'Place and aggressors for the profile’s zip code',
    tag: 'profile',
    responses: {
      200: 'The place and its aggressors',
      404: 'no_zipcode: the profile has no zip code yet',
      422: 'unknown_zipcode',
    },
  },
  async ({ c, auth, services }) => {
    const [row] = await services.db.select({ answers: hairProfiles.answers }).from(hairProfiles).where(eq(hairProfiles.userId, auth.user.id)).limit(1);
    const zipcode = row?.answers.profile_zipcode;
    if (typeof zipcode !== 'string' || zipcode.trim() === '')
      throw notFound('no_zipcode', 'Add your zip code to see what affects your hair and skin where you live.');
    const place = await locateZipcode(zipcode, countryOf(row?.answers.profile_country));
    if (!place) throw new ApiError(422, 'unknown_zipcode', 'We do not know this zip code.');
    // The month's climate and today's sun, from the server's clock (tests set it); the factors stay on the server.
    const found = computeAggressors(place, row?.answers ?? {}, services.clock.now());
    return c.json({ ...place, aggressors: found.map(({ slug, label, level, detail }) => ({ slug, label, level, detail })) }, 200);
  },
);
