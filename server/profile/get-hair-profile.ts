import { eq } from 'drizzle-orm';
import { hairProfile } from '#api';
import { hairProfiles } from '../db/schema';
import { defineOperation } from '../http/operation';
import { profileView } from './profile-view';

/** GET /v1/account/hair_profile/: the saved answers and profile fields (empty before the first answer). */
export const getHairProfile = defineOperation(
  {
    method: 'get',
    path: '/v1/account/hair_profile/',
    summary: 'The consultation answers and profile fields',
    tag: 'profile',
    auth: 'required',
    responses: { 200: { description: 'The profile', schema: hairProfile } },
  },
  async ({ c, auth, services }) => {
    const [row] = await services.db.select().from(hairProfiles).where(eq(hairProfiles.userId, auth.user.id)).limit(1);
    return c.json(profileView(row), 200);
  },
);
