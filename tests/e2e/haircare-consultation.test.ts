import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { holdReplies, openShop, phonePage, recordLayoutShifts } from './support/browser';
import { answerAll, reachesStep, type Answer } from './support/consultation-driver';

/**
 * The haircare consultation end to end in Chromium against the real server (issue 2, spec 000 §2-§6):
 * an anonymous visitor answers the public steps, meets the sign-in step, signs up, answers the rest
 * with a real zip code, reloads mid-way, finishes, signs out, signs back in through the mailed link
 * and finds every answer.
 */
describe('haircare consultation, end to end', () => {
  let shop: Awaited<ReturnType<typeof openShop>>;
  let page: Page;
  let errors: string[];
  const email = `shopper+${Date.now()}@example.com`;

  beforeAll(async () => {
    shop = await openShop();
    ({ page, errors } = await phonePage(shop.browser));
  });
  afterAll(async () => {
    await shop?.close();
  });

  const url = (path: string) => shop.server.url + path;
  const checked = (value: string) => page.locator(`[data-step] input[value="${value}"]`).isChecked();

  it("a first visit to a question downloads that page's texts, not its section's, and the next question shows without a loading line", async () => {
    const first = await phonePage(shop.browser);
    // Every text the page shows on the way (the observer is installed before the app starts), and every script it fetches.
    await first.page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __seen: string[] }).__seen = []);
      new MutationObserver(() => seen.push(document.getElementById('root')?.innerText ?? '')).observe(document, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
    const scripts: string[] = [];
    first.page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));
    await first.page.goto(url('/consultation/haircare/my-hair/length'));
    await reachesStep(first.page, 'length');
    // The server marked this page's landing texts (the length question's words and the next question's) for the page.
    const landing = await first.page.locator('link[rel="modulepreload"][href*="/assets/haircare-length-"]').getAttribute('href');
    expect(scripts).toContain(landing);
    const seenBefore = scripts.length;
    await first.page.evaluate(() => void ((window as unknown as { __seen: string[] }).__seen.length = 0)); // from the first question on
    await answerAll(first.page, [['length', 'long']]);
    await reachesStep(first.page, 'texture');
    await expect.poll(() => first.page.locator('h1').innerText()).not.toBe('');
    const seen = await first.page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
    expect(seen.filter((text) => text.includes('Loading your consultation'))).toEqual([]);
    // Answering loads the other texts in the background (the step after next needs them).
    await expect.poll(() => scripts.length).toBeGreaterThan(seenBefore);
    expect(first.errors).toEqual([]);
    await first.page.context().close();
  });

  it('an anonymous visitor answers the public steps; a reload resumes the same step pre-filled', async () => {
    await page.goto(url('/consultation/haircare'));
    await answerAll(page, [
      ['welcome', null],
      ['length', 'long'],
      ['texture', 'type_3a'],
      ['type', 'oily'],
    ]);
    await reachesStep(page, 'oil');
    await page.goBack();
    await reachesStep(page, 'type');
    expect(await checked('oily')).toBe(true);
    await page.reload();
    await reachesStep(page, 'type');
    expect(await checked('oily')).toBe(true);
    expect(page.url()).toBe(url('/consultation/haircare/my-hair/type'));
    await page.goForward();
    await answerAll(page, [
      ['oil', 'within_one_day'],
      ['scalp', 'oily'],
      ['sensitivity', '1'],
      ['dandruff-level', '0'],
      ['shampoo-frequency', 'every_2_3_days'],
      ['thickness', 'average'],
      ['density', '2'],
      ['porosity', 'medium'],
      ['split-ends', 'no'],
      ['gray', 'none'],
      ['hairloss', 'bit_than_normal'],
      ['genetic-hair-loss', 'no'],
      ['age', '30'],
      ['treatments-introduction', null],
      ['color', 'true'],
      ['color-treatments-location', 'partial'],
      ['color-treatments-type', ['permanent']],
      ['color-treatments-cadence', 'two_three_months'],
      ['other-treatments', ['none']],
      ['hair-style', ['wash_n_go']],
      ['hold-level', 'medium'],
      ['routine', 'medium'],
      ['styles', ['shampoo', 'conditioner']],
      ['lifestyle-introduction', null],
      ['diet', ['vegetable', 'fruit']],
      ['hormones', ['none']],
      ['hydration', '4_6_glasses'],
      ['smoke-exposure', 'rarely'],
      ['stress', 'little'],
      ['stress-intensity', ['none']],
      ['sports', ['indoors']],
    ]);
  });

  it('meets the sign-in step before the first non-public question, and cannot skip it', async () => {
    await reachesStep(page, 'signin');
    await page.goto(url('/consultation/haircare/my-lifestyle/zipcode'));
    await reachesStep(page, 'signin');
    expect(page.url()).toContain('/consultation/haircare/signin');
  });

  it('signs up, then answers the rest with a real zip code whose city shows', async () => {
    const plan: [string, Answer][] = [['signin', { signUp: { firstName: 'Maya', lastName: 'Lopez', email } }]];
    await answerAll(page, plan);
    await answerAll(page, [['zipcode', { zipcode: '10001' }]]);
    await reachesStep(page, 'geo-aggressors');
    await expect.poll(() => page.locator('h1').innerText()).toContain('New York');
    await page.reload();
    await reachesStep(page, 'geo-aggressors');
    await expect.poll(() => page.locator('h1').innerText()).toContain('New York');
    await answerAll(page, [
      ['geo-aggressors', null],
      ['preferences-introduction', null],
      ['goals', ['volume', 'curl']],
    ]);
    // Reload after signing up: the saved answers come back from the server.
    await page.goBack();
    await reachesStep(page, 'goals');
    await page.reload();
    await reachesStep(page, 'goals');
    expect(await checked('volume')).toBe(true);
    expect(await checked('curl')).toBe(true);
    await page.goForward();
    await answerAll(page, [
      ['exceptions', ['vegan']],
      ['fragrance', 'ARCADIA'],
    ]);
    await page.waitForURL(url('/consultation/haircare/results/get-results'));
    await expect.poll(() => page.locator('h1').innerText()).toContain('complete');
    // The results (issue 4 point 8): the needs the answers give, each a meter with its reasons.
    await page.getByRole('heading', { name: 'What your hair needs' }).waitFor();
    await expect.poll(() => page.getByRole('meter').count()).toBeGreaterThan(3);
    await expect.poll(() => page.locator('.scores').innerText()).toContain('Because you want more volume');
    await expect.poll(() => page.getByRole('heading', { level: 2 }).first().innerText()).toContain('New York');
    await page.getByRole('region', { name: 'Your routine' }).getByRole('heading', { name: 'Custom Shampoo', exact: true }).waitFor();
    // Each product's formula (issue 4 points 4 and 8): the scent chosen, vegan as asked, the label's INCI list.
    const shampoo = page.locator('.formula').filter({ has: page.getByRole('heading', { name: "What's in your Custom Shampoo" }) });
    await expect.poll(() => shampoo.locator('.formula__scent').innerText()).toContain('Scent: Arcadia');
    await expect.poll(() => shampoo.locator('.formula__free-of').innerText()).toContain('Free of animal-derived ingredients');
    await shampoo.getByText('Full ingredient list').click();
    await expect.poll(() => shampoo.locator('.formula__inci-list li').first().innerText()).toBe('Aqua');
    await expect.poll(() => shampoo.locator('.formula__inci-list').innerText()).not.toContain('Keratin');
  });

  it('reloading the results page asks for the profile once and draws the results without a code-loading pause', async () => {
    // Every text the page shows on the way, as it shows it (the observer is installed before the app starts).
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __seen: string[] }).__seen = []);
      new MutationObserver(() => seen.push(document.getElementById('root')?.innerText ?? '')).observe(document, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
    const profileRequests: string[] = [];
    const count = (request: { url(): string; method(): string }) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/v1/account/hair_profile/') profileRequests.push(request.url());
    };
    page.on('request', count);
    await page.reload();
    await page.getByRole('region', { name: 'Your routine' }).getByRole('heading', { name: 'Custom Shampoo', exact: true }).waitFor();
    page.off('request', count);
    expect(profileRequests).toHaveLength(1);
    // The results' code is fetched with the page and loaded before the results are drawn: its own loading line never shows.
    const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
    expect(seen.some((text) => text.includes('Your consultation is complete'))).toBe(true);
    expect(seen.filter((text) => text.includes('Loading your results'))).toEqual([]);
  });

  it('the results come in without moving anything on screen: the loading line holds the place of the first section (no layout shift)', async () => {
    const layoutShifts = await recordLayoutShifts(page);
    // The prescription's reply waits until the page has drawn its loading line, so the results replace it on screen.
    const prescription = await holdReplies(page, /\/v1\/account\/hair_profile\/prescription\//);
    try {
      await page.reload();
      await page.getByText('Putting your results together…').waitFor();
    } finally {
      await prescription.stop();
    }
    await page.getByRole('region', { name: 'Your routine' }).getByRole('heading', { name: 'Custom Shampoo', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Our promise' }).waitFor();
    expect(await layoutShifts()).toEqual([]);
  });

  it('the results make a cart (issue 13): change a quantity, turn a subscription off, add a monogrammed brush; a reload keeps it all', async () => {
    // Spec 001 §4 Cart (issue 25 point 3): "Get your routine" puts in the cart every product listed under "Your routine".
    const routine = await page.getByRole('region', { name: 'Your routine' }).getByRole('heading', { level: 4 }).allInnerTexts();
    expect(routine.length).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Get your routine' }).click();
    await page.waitForURL(url('/checkout/haircare'));
    await page.getByRole('heading', { level: 1, name: 'Your haircare cart' }).waitFor();
    const line = (name: RegExp) => page.locator('.cart-line').filter({ has: page.getByRole('heading', { level: 3, name }) });
    await line(new RegExp(routine[0]!)).waitFor();
    const names = await page.locator('.cart-line h3').allInnerTexts();
    expect(names).toHaveLength(routine.length);
    for (const product of routine)
      expect(
        names.filter((name) => name.includes(product)),
        product,
      ).toHaveLength(1);
    const shampoo = line(/Custom Shampoo/);
    await shampoo.waitFor();
    await shampoo.getByLabel('Quantity').selectOption('2');
    await shampoo.getByRole('checkbox', { name: /Subscribe and save/ }).uncheck();
    await page.getByRole('button', { name: 'Add Boar bristle brush' }).click();
    const brush = line(/Boar bristle brush/);
    await brush.getByLabel('Complimentary monogram').fill('jd');
    await brush.getByRole('button', { name: 'Save monogram' }).click();
    await expect.poll(() => brush.locator('.cart-line__monogram .field__hint').innerText()).toBe('On your brush: JD');
    // Every change has reached the server: nothing is saving.
    await expect.poll(() => page.locator('.cart').getAttribute('aria-busy')).toBe('false');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Your haircare cart' }).waitFor();
    await line(/Custom Shampoo/).waitFor();
    expect(
      await line(/Custom Shampoo/)
        .getByLabel('Quantity')
        .inputValue(),
    ).toBe('2');
    expect(
      await line(/Custom Shampoo/)
        .getByRole('checkbox', { name: /Subscribe and save/ })
        .isChecked(),
    ).toBe(false);
    expect(
      await line(/Boar bristle brush/)
        .getByLabel('Complimentary monogram')
        .inputValue(),
    ).toBe('JD');
    // Spec 001 §9: free shipping with a subscription in the order, else the one-off rate.
    const subscribed = await page.locator('.cart-line input[type="checkbox"]:checked').count();
    expect(await page.locator('.cart__summary').innerText()).toMatch(subscribed > 0 ? /Shipping\s+Free/ : /Shipping\s+\$5\.95/);
    expect(errors).toEqual([]);
  });

  it('checks out from the cart (issue 14, spec 001 §2): account details, a new address, a card, the review, a paid order with its formulas', async () => {
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(url('/checkout/haircare/account-details'));
    await page.getByRole('heading', { level: 1, name: 'Your details' }).waitFor();
    // Signed in: the account's names are there, the e-mail is the account's.
    expect(await page.getByLabel('First name').inputValue()).not.toBe('');
    expect(await page.locator('.checkout__account').innerText()).toContain(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(url('/checkout/haircare/shipping-address'));
    await page.getByLabel('Street address').fill('350 Fifth Avenue');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('State').selectOption('NY');
    await page.getByLabel('ZIP code').fill('10118');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(url('/checkout/haircare/payment'));
    await page.getByLabel('Name on card').fill('Jo Doe');
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await page.waitForURL(url('/checkout/haircare/confirmation'));
    const review = page.locator('[data-step="confirmation"]');
    await review.getByText('Taxes (NY)').waitFor();
    expect(await review.innerText()).toMatch(/350 Fifth Avenue[\s\S]*New York, NY 10118/);
    expect(await review.innerText()).toContain('Visa •••• 4242');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(url('/checkout/haircare/success'));
    await page.getByRole('heading', { level: 1, name: /^Thank you/ }).waitFor();
    const number = (await page.locator('.checkout-success strong').first().innerText()).replace('#', '');
    await page.getByRole('link', { name: 'See your order' }).click();
    await page.getByRole('heading', { level: 1, name: `Order ${number}` }).waitFor();
    // The order keeps the formulas as ordered (spec 001 §3 Order items): the shampoo's ingredients are on its page.
    expect(await page.locator('main').innerText()).toMatch(/Custom Shampoo/);
    expect(errors).toEqual([]);
  });

  it('signs out, signs back in through the link in /dev/outbox, and every answer is there', async () => {
    // Sign-out is in the header's account menu (issue 25).
    await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign in' }).waitFor();
    await page.goto(url('/signin'));
    await page.getByLabel(/e-?mail/i).fill(email);
    await page.getByRole('button', { name: /send me a link/i }).click();
    await page.getByText(/check your inbox/i).waitFor();

    const outbox = (await (await fetch(url('/dev/outbox.json'))).json()) as { to: string; links: string[] }[];
    const link = outbox.find((m) => m.to === email && m.links.some((l) => l.includes('/signin/verify')))?.links.find((l) => l.includes('/signin/verify'));
    expect(link).toBeTruthy();
    await page.goto(link!);
    await page.waitForURL(/\/consultation\/haircare/);
    await expect.poll(() => page.locator('h1').innerText()).toContain('complete');

    const profile = await page.evaluate(async () => {
      const tokens = JSON.parse(localStorage.getItem('shop.tokens.user') ?? '{}') as { access?: string };
      const response = await fetch('/v1/account/hair_profile/', { headers: { Authorization: `Bearer ${tokens.access}` } });
      return (await response.json()) as Record<string, unknown>;
    });
    expect(profile).toMatchObject({
      diag_hair_length: 'long',
      diag_hair_texture: 'type_3a',
      diag_hair_type: 'oily',
      diag_regrease_delay: 'within_one_day',
      diag_sebum_level: 4,
      diag_sensitivity_level: 1,
      diag_hair_porosity: 'medium',
      diag_color_treatments: true,
      diag_color_treatments_type: ['permanent'],
      diag_extensions: ['wash_n_go'],
      profile_stress_cause: ['none'],
      profile_sports: ['indoors'],
      profile_zipcode: '10001',
      profile_country: 'US',
      goal_volume: 3,
      goal_curl: 3,
      goal_shine: 0,
      pref_vegan: true,
      pref_silicone: 'yes',
      pref_fragrance: 'ARCADIA',
      pref_fragrance_free: false,
      privacy_policies: true,
      terms_conditions: true,
      has_answered_haircare_questions: true,
      consultation_statuses: { haircare: 'completed' },
    });
    await expect.poll(() => page.locator('.answers-summary').innerText()).toContain('Long');
    expect(errors).toEqual([]);
  });
});
