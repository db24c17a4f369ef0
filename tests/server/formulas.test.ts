import { beforeAll, expect, it } from 'vitest';
import { inciLists, keyIngredients, prescription, productVariant, recommendationSlug, skeletonFormula } from '#api';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import type { ProfileFlows } from '../../server/profile/profile-flows';
import { describeEachDatabase } from './support/databases';
import { createTestApp, signUpCustomer, testClock, type TestApp } from './support/test-app';

// The formula calls of spec 000 §3.7 and §7 (issue 4 points 4 and 7), on answers saved through the real flows.
let flows: ProfileFlows;
beforeAll(() => {
  flows = loadProfileFlows('flows');
});

describeEachDatabase('formulas: prescription, ingredients, INCI lists, variant, recommendation slug, formula (spec 000 §3.7)', (database) => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp(database().db, { flows, clock: testClock(new Date('2027-01-20T15:00:00Z')) });
  });

  const save = async (token: string, body: Record<string, unknown>) => {
    const response = await t.call('PATCH', '/v1/account/hair_profile/', { token, body: { ...body, source: 'website' } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };
  const get = async (token: string, path: string) => {
    const response = await t.call('GET', path, { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const post = async (token: string, path: string, product: string) => {
    const response = await t.call('POST', path, { token, body: { product } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };

  it('GET prescription/: every formula made today, for the shopper’s place and season, in the contract’s shape', async () => {
    const { access } = await signUpCustomer(t);
    await save(access, { profile_zipcode: '60601', profile_country: 'US', diag_hair_type: 'dry', pref_vegan: true, pref_silicone: 'no' });
    const body = prescription.parse(await get(access, '/v1/account/hair_profile/prescription/'));
    expect(body.date).toBe('2027-01-20');
    expect(body.formulas.map((f) => f.product)).toEqual([
      'shampoo',
      'conditioner',
      'hair_mask',
      'leavein_conditioner',
      'curl_cream',
      'dry_shampoo',
      'hair_oil',
      'scalp_mask',
      'scalp_serum',
      'styling_gel',
      'supplement_core',
      'cleanser',
      'serum',
      'moisturizer',
    ]);
    const conditioner = body.formulas.find((f) => f.product === 'conditioner')!;
    expect(conditioner.made_for).toEqual({ date: '2027-01-20', season: 'winter' });
    expect(conditioner.free_of.map((r) => r.rule)).toEqual(['vegan', 'silicone_free']);
    expect(conditioner.actives.some((a) => a.need === 'hydration' && a.because.includes('your hair feels dry'))).toBe(true);
    expect(conditioner.inci[0]).toBe('Aqua');
  });

  it('a saved answer changes the next formula at once: derived data is never stale (§4.3)', async () => {
    const { access } = await signUpCustomer(t);
    const actives = async () =>
      prescription
        .parse(await get(access, '/v1/account/hair_profile/prescription/'))
        .formulas.find((f) => f.product === 'shampoo')!
        .actives.map((a) => a.slug);
    expect(await actives()).not.toContain('piroctone_olamine');
    await save(access, { diag_dandruff_level: 4 });
    expect(await actives()).toContain('piroctone_olamine');
  });

  it('GET ingredients (haircare by default, ?category=skincare) and incis?category=: ranked actives and each product’s INCI list', async () => {
    const { access } = await signUpCustomer(t);
    await save(access, { diag_concerns: ['hyperpigmentation', 'dryness'], diag_hair_type: 'dry' });
    const skin = keyIngredients.parse(await get(access, '/v1/account/hair_profile/ingredients?category=skincare'));
    expect(skin.category).toBe('skincare');
    expect(skin.ingredients.map((i) => i.rank)).toEqual(skin.ingredients.map((_, i) => i + 1));
    expect(skin.ingredients.some((i) => i.need === 'radiance')).toBe(true);
    expect(keyIngredients.parse(await get(access, '/v1/account/hair_profile/ingredients')).category).toBe('haircare');
    const incis = inciLists.parse(await get(access, '/v1/account/hair_profile/incis?category=haircare'));
    expect(incis.incis).toHaveLength(11);
    expect(incis.incis.find((i) => i.product === 'supplement_core')?.inci[0]).toBe('Microcrystalline Cellulose');
    for (const path of [
      '/v1/account/hair_profile/incis',
      '/v1/account/hair_profile/incis?category=nails',
      '/v1/account/hair_profile/ingredients?category=nails',
    ]) {
      const response = await t.call('GET', path, { token: access });
      expect(response.status, path).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_error', fields: { category: expect.any(Array) } });
    }
  });

  it('POST variant and recommendation_slug {product}; an unknown product is a 400 naming the field', async () => {
    const { access } = await signUpCustomer(t);
    await save(access, { diag_hair_thickness: 'thick', diag_hold_level: 'strong' });
    expect(productVariant.parse(await post(access, '/v1/account/hair_profile/variant', 'conditioner'))).toEqual({
      slug: 'conditioner_coarse',
      type: 'conditioner',
      label: 'Custom Conditioner for coarse hair',
      is_formula: true,
      product: { type: 'conditioner', category: 'haircare', sub_category: null },
    });
    expect(recommendationSlug.parse(await post(access, '/v1/account/hair_profile/recommendation_slug', 'styling_gel')).recommendation_slug).toBe(
      'styling_gel_strong_hold',
    );
    for (const body of [{ product: 'brush' }, { product: '' }, {}]) {
      const response = await t.call('POST', '/v1/account/hair_profile/variant', { token: access, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_error', fields: { product: expect.any(Array) } });
    }
  });

  it('GET formula?skeleton=supplement_core: the supplements variant, not advised (but shown) during pregnancy; any skincare texture on request', async () => {
    const { access } = await signUpCustomer(t);
    await save(access, { diag_hairloss_level: 'excessive', pref_vegan: true });
    const body = skeletonFormula.parse(await get(access, '/v1/account/hair_profile/formula?skeleton=supplement_core'));
    expect(body).toMatchObject({
      slug: 'supplement_core',
      advisable: true,
      variant: { product: { category: 'supplement' } },
      formula: { product: 'supplement_core' },
    });
    expect(body.formula.actives.map((a) => a.slug)).not.toContain('marine_collagen_peptides');
    await save(access, { profile_hormones: ['pregnant'] });
    const during = skeletonFormula.parse(await get(access, '/v1/account/hair_profile/formula?skeleton=supplement_core'));
    expect(during).toMatchObject({ advisable: false, because: 'please ask your doctor before taking supplements at this time' });
    const rich = skeletonFormula.parse(await get(access, '/v1/account/hair_profile/formula?skeleton=rich'));
    expect(rich.formula).toMatchObject({ skeleton_slug: 'rich', product: 'moisturizer' });
    const unknown = await t.call('GET', '/v1/account/hair_profile/formula?skeleton=shampo', { token: access });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'validation_error', fields: { skeleton: [expect.stringContaining('"shampo" is no skeleton')] } });
  });

  it('need a session, and answer on the caller’s own answers only', async () => {
    for (const path of [
      '/v1/account/hair_profile/prescription/',
      '/v1/account/hair_profile/ingredients',
      '/v1/account/hair_profile/incis?category=haircare',
      '/v1/account/hair_profile/formula?skeleton=supplement_core',
    ]) {
      expect((await t.call('GET', path)).status, path).toBe(401);
    }
    expect((await t.call('POST', '/v1/account/hair_profile/variant', { body: { product: 'shampoo' } })).status).toBe(401);
    const vegan = await signUpCustomer(t);
    await save(vegan.access, { pref_vegan: true });
    const other = await signUpCustomer(t);
    const rules = prescription.parse(await get(other.access, '/v1/account/hair_profile/prescription/')).formulas.flatMap((f) => f.free_of.map((r) => r.rule));
    expect(rules).not.toContain('vegan');
  });

  it('health and hormone answers shape the formulas but are never named in them (issue 4 point 10)', async () => {
    const { access } = await signUpCustomer(t);
    await save(access, {
      profile_hormones: ['pregnant', 'menopause'],
      profile_hormones_skin: ['diabetic', 'pregnancy'],
      profile_stress_cause: ['medication_change', 'diagnosed_scalp_disorder', 'medical_treatment'],
      diag_hairloss_other: ['medication_change', 'medical_treatment'],
      diag_routine_products: ['medical_topicals'],
      diag_concerns: ['breakouts', 'fine_lines'],
    });
    const words = ['pregnan', 'menopause', 'diabet', 'medication', 'diagnosed', 'medical_t', 'topical', 'breastfeed'];
    for (const path of [
      '/v1/account/hair_profile/prescription/',
      '/v1/account/hair_profile/ingredients?category=skincare',
      '/v1/account/hair_profile/incis?category=skincare',
      '/v1/account/hair_profile/formula?skeleton=supplement_core',
    ]) {
      const text = JSON.stringify(await get(access, path)).toLowerCase();
      for (const word of words) expect(text, `${path} mentions "${word}"`).not.toContain(word);
    }
    const formulas = prescription.parse(await get(access, '/v1/account/hair_profile/prescription/')).formulas;
    expect(formulas.flatMap((f) => f.actives.map((a) => a.slug))).not.toContain('salicylic_acid');
    expect(formulas.every((f) => f.free_of.some((r) => r.rule === 'for_now'))).toBe(true);
  });
});
