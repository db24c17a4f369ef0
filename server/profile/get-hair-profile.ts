import { eq, sql } from 'drizzle-orm';
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
  'getHairProfile',
  {
    summary: 'The consultation answers and profile fields',
    tag: 'profile',
    responses: { 200: 'The profile' },
  },
  async ({ c, auth, services }) => {
    const [row] = await profileOfUser(services.db).execute({ userId: auth.user.id });
    return c.json(profileView(row), 200);
  },
);
