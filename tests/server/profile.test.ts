import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { aggressors, hairProfile, questionSets } from '#api';
import { hairProfiles, users } from '../../server/db/schema';
import { describeEachDatabase } from './support/databases';
import { createTestApp, signUpCustomer, startGuest, type TestApp } from './support/test-app';

describeEachDatabase('hair profile (spec 000 §3.4, §4.1-4.4)', (database) => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp(database().db);
  });

  const patch = (token: string, body: unknown) => t.call('PATCH', '/v1/account/hair_profile/', { token, body });
  const profile = async (token: string) => (await t.call('GET', '/v1/account/hair_profile/', { token })).body;

  it('a new profile is empty, not started, and matches the schema', async () => {
    const { access } = await signUpCustomer(t);
    const response = await t.call('GET', '/v1/account/hair_profile', { token: access });
    expect(response.status).toBe(200);
    expect(hairProfile.parse(response.body)).toEqual({
      status: null,
      source: null,
      privacy_policies: false,
      terms_conditions: false,
      consultation_statuses: { haircare: 'not_started', skincare: 'not_started' },
      has_answered_supplements_questions: false,
      has_answered_styling_gel_questions: false,
      has_answered_haircare_questions: false,
    });
  });

  it('saves answers with source and policies, and merges later answers in', async () => {
    const { access } = await signUpCustomer(t);
    const first = await patch(access, { hair_length: 'long', source: 'website', privacy_policies: true, terms_conditions: true });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ hair_length: 'long', source: 'website', privacy_policies: true, terms_conditions: true });
    await patch(access, { diag_styling: ['shampoo', 'curling'], goal_volume: 3, has_answered_haircare_questions: true });
    expect(await profile(access)).toMatchObject({
      hair_length: 'long',
      diag_styling: ['shampoo', 'curling'],
      goal_volume: 3,
      has_answered_haircare_questions: true,
      privacy_policies: true,
    });
  });

  it('answers saved at the same moment are all kept, also when the first saves make the profile (§4.3)', async () => {
    const { access } = await signUpCustomer(t);
    const answers = [
      { hair_length: 'long' },
      { goal_volume: 3 },
      { diag_styling: ['shampoo'] },
      { has_answered_haircare_questions: true },
      { privacy_policies: true },
    ];
    const first = await Promise.all(answers.map((body) => patch(access, body)));
    expect(first.map((r) => r.status)).toEqual(answers.map(() => 200));
    const later = await Promise.all([patch(access, { goal_volume: 0 }), patch(access, { hair_length: 'short' }), patch(access, { terms_conditions: true })]);
    expect(later.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await profile(access)).toMatchObject({
      hair_length: 'short',
      goal_volume: 0,
      diag_styling: ['shampoo'],
      has_answered_haircare_questions: true,
      privacy_policies: true,
      terms_conditions: true,
      consultation_statuses: { haircare: 'draft' },
    });
  });

  it('a bad value is 400 naming the field, and nothing of that request is saved (§4.3)', async () => {
    const { access } = await signUpCustomer(t);
    await patch(access, { hair_length: 'short' });
    const bad = await patch(access, {
      hair_length: 'long',
      diag_hair_texture: 'plaid',
      privacy_policies: true,
      consultation_status: { category: 'haircare', status: 'completed' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_error');
    expect(bad.body.detail).toEqual(expect.any(String));
    expect(Object.keys(bad.body.fields)).toEqual(['diag_hair_texture']);
    const after = await profile(access);
    expect(after).toMatchObject({ hair_length: 'short', privacy_policies: false, status: null, consultation_statuses: { haircare: 'draft' } });
    expect(after.diag_hair_texture).toBeUndefined();
  });

  it('an unknown answer field and a value of the wrong shape are refused by name', async () => {
    const { access } = await signUpCustomer(t);
    const unknown = await patch(access, { diag_favourite_colour: 'blue' });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.fields)).toEqual(['diag_favourite_colour']);
    const shape = await patch(access, { hair_length: { nested: true } });
    expect(shape.status).toBe(400);
    expect(Object.keys(shape.body.fields)).toEqual(['hair_length']);
    const source = await patch(access, { source: 'app' });
    expect(Object.keys(source.body.fields)).toEqual(['source']);
  });

  it('consultation status: not_started -> draft on the first answer -> completed, never back (§4.1)', async () => {
    const { access } = await signUpCustomer(t);
    expect((await profile(access)).consultation_statuses).toEqual({ haircare: 'not_started', skincare: 'not_started' });
    await patch(access, { hair_length: 'medium' });
    expect((await profile(access)).consultation_statuses).toEqual({ haircare: 'draft', skincare: 'not_started' });
    const done = await patch(access, { consultation_status: { category: 'haircare', status: 'completed' } });
    expect(done.body).toMatchObject({ status: 'completed', consultation_statuses: { haircare: 'completed', skincare: 'not_started' } });
    await patch(access, { hair_length: 'long', consultation_status: { category: 'haircare', status: 'draft' } });
    expect((await profile(access)).consultation_statuses.haircare).toBe('completed');
    await patch(access, { diag_phototype: 'never_burns' });
    const both = await profile(access);
    expect(both.consultation_statuses).toEqual({ haircare: 'completed', skincare: 'draft' });
    expect(both.status).toBe('completed');
    const account = (await t.call('GET', '/v1/account/', { token: access })).body;
    expect(account.consultation_statuses).toEqual({ haircare: 'completed', skincare: 'draft' });
    expect(account.profile.hair_profile_status).toBe('completed');
  });

  it('spec 000 §4.1: finishing saves status "completed" on the profile, next to the category’s completed status; it reads back completed', async () => {
    const { access } = await signUpCustomer(t);
    await patch(access, { hair_length: 'medium' });
    const finish = await patch(access, {
      has_answered_haircare_questions: true,
      status: 'completed',
      consultation_status: { category: 'haircare', status: 'completed' },
    });
    expect(finish.status).toBe(200);
    expect(hairProfile.parse(finish.body)).toMatchObject({ status: 'completed', consultation_statuses: { haircare: 'completed', skincare: 'not_started' } });
    expect(await profile(access)).toMatchObject({
      status: 'completed',
      has_answered_haircare_questions: true,
      consultation_statuses: { haircare: 'completed', skincare: 'not_started' },
    });
    expect((await t.call('GET', '/v1/account/', { token: access })).body.profile.hair_profile_status).toBe('completed');
    // The status alone completes the profile and leaves a consultation not answered to its results where it was (§4.4).
    const other = await signUpCustomer(t);
    await patch(other.access, { diag_phototype: 'never_burns' });
    expect((await patch(other.access, { status: 'completed' })).body).toMatchObject({
      status: 'completed',
      consultation_statuses: { haircare: 'not_started', skincare: 'draft' },
    });
  });

  it('spec 000 §4.1: a status other than "completed" is 400 naming status, and nothing of that request is saved', async () => {
    const { access } = await signUpCustomer(t);
    await patch(access, { hair_length: 'short' });
    const before = await profile(access);
    for (const status of ['done', 'draft', 'not_started', 'COMPLETED', '', null, true, ['completed'], { value: 'completed' }]) {
      const bad = await patch(access, {
        hair_length: 'long',
        status,
        privacy_policies: true,
        consultation_status: { category: 'haircare', status: 'completed' },
      });
      expect(bad.status, JSON.stringify(status)).toBe(400);
      expect(bad.body).toMatchObject({ code: 'validation_error', fields: { status: [expect.any(String)] } });
    }
    expect(await profile(access)).toEqual(before);
    expect(before).toMatchObject({ status: null, hair_length: 'short', privacy_policies: false, consultation_statuses: { haircare: 'draft' } });
  });

  it('the has_answered flags are plain answers and do not start a consultation', async () => {
    const { access } = await signUpCustomer(t);
    const response = await patch(access, { has_answered_supplements_questions: true });
    expect(response.body).toMatchObject({ has_answered_supplements_questions: true, consultation_statuses: { haircare: 'not_started' } });
    const account = (await t.call('GET', '/v1/account/', { token: access })).body;
    expect(account.profile.has_answered_supplements_questions).toBe(true);
  });

  it('a fragrance choice shows on the user and clears is_fragrance_soldout (§4.3)', async () => {
    const { access, email } = await signUpCustomer(t);
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await t.db.insert(hairProfiles).values({ userId: row!.id, isFragranceSoldout: true });
    expect((await t.call('GET', '/v1/account/', { token: access })).body.profile.is_fragrance_soldout).toBe(true);
    await patch(access, { pref_fragrance: 'ARCADIA', pref_fragrance_free: false });
    let summary = (await t.call('GET', '/v1/account/', { token: access })).body.profile;
    expect(summary).toMatchObject({ fragrance: 'ARCADIA', is_fragrance_soldout: false });
    await patch(access, { pref_fragrance: null, pref_fragrance_free: true });
    summary = (await t.call('GET', '/v1/account/', { token: access })).body.profile;
    expect(summary.fragrance).toBe('FREE');
  });

  it('a save leaves what it does not name as stored: the sold-out notice, source, policies, other categories’ statuses (§4.1, §4.3)', async () => {
    const { access, email } = await signUpCustomer(t);
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await t.db.insert(hairProfiles).values({
      userId: row!.id,
      isFragranceSoldout: true,
      source: 'website',
      privacyPolicies: true,
      consultationStatuses: { supplements: 'draft', skincare: 'completed' },
    });
    const saved = await patch(access, { hair_length: 'long', consultation_status: { category: 'skincare', status: 'draft' } });
    expect(saved.status).toBe(200);
    const [stored] = await t.db.select().from(hairProfiles).where(eq(hairProfiles.userId, row!.id));
    expect(stored).toMatchObject({
      isFragranceSoldout: true,
      source: 'website',
      privacyPolicies: true,
      termsConditions: false,
      status: 'completed',
      consultationStatuses: { supplements: 'draft', skincare: 'completed', haircare: 'draft' },
      answers: { hair_length: 'long' },
    });
  });

  it('guests save answers too', async () => {
    const guest = await startGuest(t);
    expect((await patch(guest.access, { hair_length: 'short' })).status).toBe(200);
  });

  it('needs a session', async () => {
    expect((await t.call('GET', '/v1/account/hair_profile/')).status).toBe(401);
    expect((await t.call('PATCH', '/v1/account/hair_profile/', { body: { hair_length: 'short' } })).status).toBe(401);
  });

  describe('question sets (§3.1)', () => {
    it('serves every category, or one', async () => {
      const all = await t.call('GET', '/v1/question_sets');
      expect(all.status).toBe(200);
      expect(Object.keys(questionSets.parse(all.body)).sort()).toEqual(['haircare', 'skincare']);
      const skincare = await t.call('GET', '/v1/question_sets/?category=skincare');
      expect(Object.keys(skincare.body)).toEqual(['skincare']);
    });

    it('refuses unknown query parameters', async () => {
      const response = await t.call('GET', '/v1/question_sets?category=haircare&page=2');
      expect(response.status).toBe(400);
      expect(response.body.fields).toEqual({ page: ['This field is not allowed.'] });
    });
  });

  describe('aggressors', () => {
    it('a US zip code gives its city, coordinates and aggressors (New York: city air, and the sun in any season)', async () => {
      const { access } = await signUpCustomer(t);
      await patch(access, { profile_zipcode: '10001', profile_country: 'US' });
      const response = await t.call('GET', '/v1/account/hair_profile/aggressors', { token: access });
      expect(response.status).toBe(200);
      expect(aggressors.parse(response.body)).toEqual({
        zipcode: '10001',
        country: 'US',
        city: 'New York',
        region: 'NY',
        latitude: 40.7484,
        longitude: -73.9967,
        aggressors: expect.arrayContaining([expect.objectContaining({ slug: 'pollution', level: 'high' }), expect.objectContaining({ slug: 'uv' })]),
      });
    });

    it('a Canadian postal code gives its area without the registry’s parenthesis, and its province', async () => {
      const { access } = await signUpCustomer(t);
      await patch(access, { profile_zipcode: 'm5v 3l9', profile_country: 'CA' });
      const response = await t.call('GET', '/v1/account/hair_profile/aggressors/', { token: access });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ zipcode: 'M5V 3L9', country: 'CA', city: 'Downtown Toronto', region: 'ON' });
      expect(response.body.latitude).toBeCloseTo(43.65, 1);
    });

    it('404 no_zipcode before a zip code is saved; 422 unknown_zipcode for one that does not exist', async () => {
      const { access } = await signUpCustomer(t);
      const none = await t.call('GET', '/v1/account/hair_profile/aggressors', { token: access });
      expect(none.status).toBe(404);
      expect(none.body.code).toBe('no_zipcode');
      await patch(access, { profile_zipcode: '00000', profile_country: 'US' });
      const unknown = await t.call('GET', '/v1/account/hair_profile/aggressors', { token: access });
      expect(unknown.status).toBe(422);
      expect(unknown.body.code).toBe('unknown_zipcode');
      await patch(access, { profile_zipcode: 'hello', profile_country: 'US' });
      expect((await t.call('GET', '/v1/account/hair_profile/aggressors', { token: access })).status).toBe(422);
    });
  });
});
