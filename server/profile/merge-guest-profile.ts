import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { hairProfiles } from '../db/schema';
import { mergeStatuses } from './consultation-status';
import { savesFragrance } from './fragrance-fields';

/** Moves a guest's profile into an account's: the guest's answers are the newer ones and win; statuses keep the further state. */
export async function mergeGuestProfile(tx: Database, guestId: number, userId: number, now: Date): Promise<void> {
  const [guestProfile] = await tx.select().from(hairProfiles).where(eq(hairProfiles.userId, guestId)).for('update');
  if (!guestProfile) return;
  const [userProfile] = await tx.select().from(hairProfiles).where(eq(hairProfiles.userId, userId)).for('update');
  if (!userProfile) {
    await tx.update(hairProfiles).set({ userId, updatedAt: now }).where(eq(hairProfiles.userId, guestId));
    return;
  }
  await tx
    .update(hairProfiles)
    .set({
      answers: { ...userProfile.answers, ...guestProfile.answers },
      consultationStatuses: mergeStatuses(userProfile.consultationStatuses, guestProfile.consultationStatuses),
      status: userProfile.status === 'completed' || guestProfile.status === 'completed' ? 'completed' : (guestProfile.status ?? userProfile.status),
      source: guestProfile.source ?? userProfile.source,
      privacyPolicies: userProfile.privacyPolicies || guestProfile.privacyPolicies,
      termsConditions: userProfile.termsConditions || guestProfile.termsConditions,
      isFragranceSoldout: savesFragrance(guestProfile.answers) ? guestProfile.isFragranceSoldout : userProfile.isFragranceSoldout,
      updatedAt: now,
    })
    .where(eq(hairProfiles.userId, userId));
  await tx.delete(hairProfiles).where(eq(hairProfiles.userId, guestId));
}
