import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openShop, phonePage } from './support/browser';
import { answerAll, reachesStep, type Answer } from './support/consultation-driver';

/**
 * The skincare consultation end to end in Chromium against the real server (issue 3, spec 000 §2.5,
 * §4.5, §5.1, §2.7): one shopper takes the breakouts, fine-lines and lack-firmness branches, another
 * none of them; both sign up at the step before the zip code and finish with their answers saved.
 */
describe('skincare consultation, end to end', () => {
  let shop: Awaited<ReturnType<typeof openShop>>;
  beforeAll(async () => {
    shop = await openShop();
  });
  afterAll(async () => {
    await shop?.close();
  });
  const url = (path: string) => shop.server.url + path;
  const profileOf = (page: Page) =>
    page.evaluate(async () => {
      const tokens = JSON.parse(localStorage.getItem('shop.tokens.user') ?? '{}') as { access?: string };
      const response = await fetch('/v1/account/hair_profile/', { headers: { Authorization: `Bearer ${tokens.access}` } });
      return (await response.json()) as Record<string, unknown>;
    });

  const lifestyle: [string, Answer][] = [
    ['welcome', null],
    ['age', '30'],
    ['outdoor-exposure', 'le_4h'],
    ['sports', ['outdoors']],
    ['indoor-exposure', ['air_conditioning']],
    ['stress', 'moderately'],
  ];
  const diet = {
    profile_diet_meat: 'often',
    profile_diet_dairy: 'between_never_often',
    profile_diet_seafood: 'never',
    profile_diet_fruit: 'every_day',
    profile_diet_carbs: 'between_often_every_day',
  };

  it('takes the breakouts, fine-lines and lack-firmness branches, signs up before the zip code and finishes', async () => {
    const { page, errors } = await phonePage(shop.browser);
    const email = `skin+branches${Date.now()}@example.com`;
    await page.goto(url('/consultation/skincare'));
    await answerAll(page, [
      ...lifestyle,
      ['stress-intensity', { followUp: ['medication_change'] }],
      ['sleep', 'lt_7h'],
      ['hormones', ['none']],
      ['hydration', '4_6_glasses'],
      ['diet', { matrix: diet }],
      ['vices', ['coffee']],
      ['skin-introduction', null],
      ['skintype-morning', 'oily'],
      ['skintype-shower', 'tights'],
      ['skintype-afternoon', 'depends_on_area'],
      ['phototype', 'burns_occasionally'],
      ['concerns', ['breakouts', 'fine_lines', 'lack_firmness']],
      ['zits-frequency', 'occasionally'],
      ['zits-cause', ['zits_stress']],
      ['zits-location', ['chin', 'jaw']],
      ['wrinkles', ['fine_lines']],
      ['firmness', ['slowly_back']],
      ['profile-backgrounds', ['none']],
      ['comfort', 'sometimes'],
      ['other-products', { followUp: ['rinse_off_cleanser', 'medical_topicals'] }],
      ['goals', ['goal_blemish', 'goal_wrinkles']],
    ]);
    // The sign-in step comes just before the zip code (spec 000 §2.7).
    await reachesStep(page, 'signin');
    expect(page.url()).toBe(url('/consultation/skincare/signin'));
    await answerAll(page, [
      ['signin', { signUp: { firstName: 'Ana', lastName: 'Silva', email } }],
      ['zipcode', { zipcode: '10001' }],
    ]);
    await reachesStep(page, 'geo-aggressors');
    await expect.poll(() => page.locator('h1').innerText()).toMatch(/affects your skin in New York/);
    await answerAll(page, [
      ['geo-aggressors', null],
      ['preferences-introduction', null],
    ]);
    // Fragrance-free ranked first, with the reason from the answers (prescription topicals, spec 000 §3.5).
    await reachesStep(page, 'fragrances');
    await expect
      .poll(() => page.locator('[data-step]').innerText())
      .toContain('Because you indicated that you are having a medical treatment, we recommend fragrance-free for you.');
    await answerAll(page, [['fragrances', 'frag_free']]);
    await reachesStep(page, 'cleanser-preferences');
    await expect.poll(() => page.locator('[data-step]').innerText()).toMatch(/your top recommendation/i);
    await answerAll(page, [
      ['cleanser-preferences', 'foaming_gel'],
      ['moisturizer-preferences', 'light'],
    ]);
    await page.waitForURL(url('/consultation/skincare/results/get-results'));
    // The results (issue 4 point 8): the skin's needs from these answers, with their reasons.
    await page.getByRole('heading', { name: 'What your skin needs' }).waitFor();
    await expect.poll(() => page.locator('.scores').innerText()).toContain('Because breakouts are one of your concerns');
    const profile = await profileOf(page);
    expect(profile).toMatchObject({
      profile_age_range: 30,
      profile_outdoor: 'le_4h',
      profile_sports: ['outdoors'],
      profile_indoor: ['air_conditioning'],
      profile_stress_level: 'moderately',
      profile_stress_cause: ['medication_change'],
      profile_health_sleep: 'lt_7h',
      profile_hormones_skin: ['none'],
      profile_hydration: '4_6_glasses',
      ...diet,
      profile_vices: ['coffee'],
      diag_skintype_morning: 'oily',
      diag_concerns: ['breakouts', 'fine_lines', 'lack_firmness'],
      diag_zits_frequency: 'occasionally',
      diag_zits_cause: ['zits_stress'],
      diag_zits_location: ['chin', 'jaw'],
      diag_wrinkles: ['fine_lines'],
      diag_firmnesses: ['slowly_back'],
      diag_routine_products: ['rinse_off_cleanser', 'medical_topicals'],
      goal_skincare: ['goal_blemish', 'goal_wrinkles'],
      profile_zipcode: '10001',
      pref_fragrance_free_skin: true,
      pref_texture_cleanser: 'foaming_gel',
      pref_texture_moisturizer: 'light',
      consultation_statuses: { skincare: 'completed' },
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('takes none of the branches: concerns without breakouts, fine lines, firmness or oiliness go straight on', async () => {
    const { page, errors } = await phonePage(shop.browser);
    const email = `skin+plain${Date.now()}@example.com`;
    await page.goto(url('/consultation/skincare'));
    await answerAll(page, [
      ...lifestyle,
      ['stress-intensity', ['none']],
      ['sleep', 'ge_7h'],
      ['hormones', ['none']],
      ['hydration', '7_8_glasses'],
      ['diet', { matrix: diet }],
      ['vices', ['none']],
      ['skin-introduction', null],
      ['skintype-morning', 'tights'],
      ['skintype-shower', 'tights'],
      ['skintype-afternoon', 'balanced'],
      ['phototype', 'hardly_burns'],
      ['concerns', ['dryness', 'redness']],
      // No oil-location, zits-*, wrinkles or firmness (spec 000 §4.5).
      ['profile-backgrounds', ['itching']],
      ['comfort', 'never'],
      ['other-products', ['moisturizer']],
      ['goals', ['goal_hydration']],
      ['signin', { signUp: { firstName: 'Lee', lastName: 'Park', email } }],
      ['zipcode', { zipcode: 'H2X 1Y4' }],
      ['geo-aggressors', null],
      ['preferences-introduction', null],
      ['fragrances', 'BLANCA'],
      ['cleanser-preferences', 'cleansing_cream'],
      ['moisturizer-preferences', 'rich'],
    ]);
    await page.waitForURL(url('/consultation/skincare/results/get-results'));
    const profile = await profileOf(page);
    expect(profile).toMatchObject({
      diag_concerns: ['dryness', 'redness'],
      profile_country: 'CA',
      pref_fragrance_skin: 'BLANCA',
      pref_fragrance_free_skin: false,
      pref_texture_moisturizer: 'rich',
    });
    for (const field of ['diag_oil_location', 'diag_zits_frequency', 'diag_zits_cause', 'diag_zits_location', 'diag_wrinkles', 'diag_firmnesses']) {
      expect(profile[field] ?? null).toBeNull();
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an e-mail given on leaving makes an account; back in the consultation, the sign-in step asks only for the names (spec 000 §2.7, §6)', async () => {
    const { page, errors } = await phonePage(shop.browser);
    const email = `skin+exit${Date.now()}@example.com`;
    await page.goto(url('/consultation/skincare'));
    await answerAll(page, lifestyle.slice(0, 3));
    // The capture loads on the first move; the Exit link is its own once it has.
    await page.mouse.move(10, 10);
    await page.locator('a[data-exit-capture]').waitFor();
    await page.getByRole('link', { name: 'Exit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill(email);
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(url('/consultation/skincare?is-returning=true'));
    await reachesStep(page, 'sports');
    await answerAll(page, [
      ...lifestyle.slice(3),
      ['stress-intensity', ['none']],
      ['sleep', 'ge_7h'],
      ['hormones', ['none']],
      ['hydration', '7_8_glasses'],
      ['diet', { matrix: diet }],
      ['vices', ['none']],
      ['skin-introduction', null],
      ['skintype-morning', 'tights'],
      ['skintype-shower', 'tights'],
      ['skintype-afternoon', 'balanced'],
      ['phototype', 'hardly_burns'],
      ['concerns', ['dryness']],
      ['profile-backgrounds', ['none']],
      ['comfort', 'never'],
      ['other-products', ['moisturizer']],
      ['goals', ['goal_hydration']],
    ]);
    await reachesStep(page, 'signin');
    expect(await page.getByRole('textbox', { name: 'Email' }).count()).toBe(0);
    await page.getByText(`Your results are saved to ${email}`).waitFor();
    await page.getByRole('textbox', { name: 'First name' }).fill('Noor');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Haddad');
    await page.getByRole('button', { name: 'Next' }).click();
    await reachesStep(page, 'zipcode');
    const account = await page.evaluate(async () => {
      const tokens = JSON.parse(localStorage.getItem('shop.tokens.user') ?? '{}') as { access?: string };
      return (await fetch('/v1/account/', { headers: { Authorization: `Bearer ${tokens.access}` } })).json();
    });
    expect(account).toMatchObject({ email, first_name: 'Noor', last_name: 'Haddad', customer_origin: 'consultation_exit_modal_skincare' });
    expect(errors).toEqual([]);
    await page.close();
  });
});
