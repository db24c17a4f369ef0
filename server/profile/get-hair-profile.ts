import { eq, sql } from 'drizzle-orm';
import { hairProfile } from '#api';
import { preparedOnce } from '../db/prepared-once';
import { hairProfiles } from '../db/schema';
import { defineOperation } from '../http/operation';
import { profileView } from './profile-view';

/** The profile row of a user; read on every visit of the consultation, so built once (db/prepared-once.ts). */
const profileOfUser = preparedOnce((db) =>
  db
    .select()
    .from(hairProfiles)
    .where(eq(hairProfiles.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('get_hair_profile'),
);

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
    const [row] = await profileOfUser(services.db).execute({ userId: auth.user.id });
    return c.json(profileView(row), 200);
  },
);
