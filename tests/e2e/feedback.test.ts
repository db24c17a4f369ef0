import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createPostgresDatabase } from '../server/support/databases';
import { apiCaller, openShop, phonePage } from './support/browser';
import { answer, answerAll, currentStep, leaves, reachesStep, type Answer } from './support/consultation-driver';
import { shopCommand } from './support/shop-command';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/**
 * "Review & Refine" end to end in Chromium against the real server (issue 26 item 7; spec 002): a shopper takes the
 * haircare consultation asking for less brassiness (goal_anti_brass: the conditioner carries the violet toner
 * purple_v2) with Arcadia in their formulas, pays with the test card; an operator ships and delivers the order with
 * the shop command; 23 days later by the shop's clock (and the browser's) the invitation is in the outbox; the shopper
 * follows its link, answers the haircare feedback with the anti-brass questions (§5.1: the conditioner older than 21
 * days), says the shampoo left their hair greasy, picks a new fragrance, sees the results, writes a review, lands on
 * the confirmation; and their next formulas change and say why. The shop runs on PostgreSQL so that the shop command
 * runs alongside it (it refuses the embedded database the server holds).
 */
describe('haircare feedback, end to end', () => {
  let shop: Awaited<ReturnType<typeof openShop>>;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let page: Page;
  let errors: string[];
  const email = `feedback+${Date.now()}@example.com`;
  /** The order, as the success page and the API name it. */
  const order = { number: '', pubkey: '' };
  let invitationLink = '';

  beforeAll(async () => {
    database = await createPostgresDatabase({ migrated: true });
    shop = await openShop({ env: { DATABASE_URL: database.url } });
    ({ page, errors } = await phonePage(shop.browser));
  });
  afterAll(async () => {
    await shop?.close();
    await database?.drop();
  });

  const url = (path: string) => shop.server.url + path;
  const call = apiCaller(() => shop.server.url);
  const tokenOf = async (p: Page) => JSON.parse((await p.evaluate(() => localStorage.getItem('shop.tokens.user'))) ?? '{}').access as string;
  const outbox = async () => (await (await fetch(url('/dev/outbox.json'))).json()) as OutboxMail[];
  const operator = (...args: string[]) => shopCommand(args, { DATABASE_URL: database.url, PUBLIC_URL: shop.server.url });

  it('the shopper takes the haircare consultation (less brassiness, Arcadia) and gets an anti-brass conditioner', async () => {
    await page.goto(url('/consultation/haircare'));
    await answerAll(page, [
      ['welcome', null],
      ['length', 'long'],
      ['texture', 'type_3a'],
      ['type', 'normal'],
      ['oil', 'second_day'],
      ['scalp', 'balanced'],
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
      // Lightened hair: the goals offer "Less brassiness" (flows/consultation/haircare.yaml goals).
      ['color-treatments-type', ['bleach']],
      ['color-treatments-cadence', 'two_three_months'],
      ['other-treatments', ['none']],
      ['hair-style', ['wash_n_go']],
      ['hold-level', 'light'],
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
      ['signin', { signUp: { firstName: 'Lena', lastName: 'Brooks', email } }],
      ['zipcode', { zipcode: '10001' }],
    ]);
    await reachesStep(page, 'geo-aggressors');
    await answerAll(page, [
      ['geo-aggressors', null],
      ['preferences-introduction', null],
      ['goals', ['volume', 'less_brass']],
      ['exceptions', ['vegan']],
      ['fragrance', 'ARCADIA'],
    ]);
    await page.waitForURL(url('/consultation/haircare/results/get-results'));
    const routine = page.getByRole('region', { name: 'Your routine' });
    await routine.getByRole('heading', { name: 'Custom Shampoo', exact: true }).waitFor();
    await routine.getByRole('heading', { name: 'Custom Conditioner', exact: true }).waitFor();
    // A balanced scalp and light hold: the routine is the shampoo and the conditioner, which the feedback then asks about.
    expect(await routine.getByRole('heading', { level: 4 }).allInnerTexts()).toEqual(['Custom Shampoo', 'Custom Conditioner']);
    // The conditioner carries the violet toner (server/formulation formulas.yaml need toning: purple_v2, CI 60730).
    const conditioner = page.locator('.formula').filter({ has: page.getByRole('heading', { name: "What's in your Custom Conditioner" }) });
    await conditioner.getByText('Full ingredient list').click();
    await expect.poll(() => conditioner.locator('.formula__inci-list').innerText()).toContain('CI 60730');
    const shampoo = page.locator('.formula').filter({ has: page.getByRole('heading', { name: "What's in your Custom Shampoo" }) });
    await expect.poll(() => shampoo.locator('.formula__scent').innerText()).toContain('Scent: Arcadia');
    // No feedback yet: nothing says it was tuned.
    expect(await page.getByText('Tuned from your feedback').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('places the order with the test card', async () => {
    await page.getByRole('link', { name: 'Get your routine' }).click();
    await page.waitForURL(url('/checkout/haircare'));
    await page.getByRole('heading', { level: 1, name: 'Your haircare cart' }).waitFor();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(url('/checkout/haircare/account-details'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(url('/checkout/haircare/shipping-address'));
    await page.getByLabel('Street address').fill('350 Fifth Avenue');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('State').selectOption('NY');
    await page.getByLabel('ZIP code').fill('10118');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(url('/checkout/haircare/payment'));
    await page.getByLabel('Name on card').fill('Lena Brooks');
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/30');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await page.waitForURL(url('/checkout/haircare/confirmation'));
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(url('/checkout/haircare/success'));
    await page.getByRole('heading', { level: 1, name: /^Thank you/ }).waitFor();
    order.number = (await page.locator('.checkout-success strong').first().innerText()).replace('#', '');
    const [placed] = (await call('GET', '/v2/orders/', await tokenOf(page))).body.results;
    expect(placed).toMatchObject({ status: 'paid', feedback: null });
    order.pubkey = placed.pubkey;
    // The order keeps the formulas as ordered: the conditioner with its toner's catalogue slug, the shampoo with Arcadia.
    const types = placed.items.map((i: { variant: { product: { type: string } } }) => i.variant.product.type);
    expect(types).toEqual(expect.arrayContaining(['shampoo', 'conditioner']));
    const conditioner = placed.items.find((i: { variant: { product: { type: string } } }) => i.variant.product.type === 'conditioner');
    expect(conditioner.item_object.ingredients.map((i: { slug: string | null }) => i.slug)).toContain('purple_v2');
    const shampoo = placed.items.find((i: { variant: { product: { type: string } } }) => i.variant.product.type === 'shampoo');
    expect(String(shampoo.item_object.fragrance).toLowerCase()).toContain('arcadia');
    expect(errors).toEqual([]);
  });

  it('issue 26 item 0: the operator ships and delivers it with the shop command; 23 days later the invitation is in the outbox', async () => {
    // The embedded database would be refused while the server holds it; on PostgreSQL the command runs alongside.
    const shipped = await operator('order', 'ship', order.number, '--tracking', '9400 1118 9922 3344 5566 77');
    expect(shipped, shipped.err).toMatchObject({ status: 0 });
    expect(shipped.out).toContain(`Order ${order.number}: paid -> shipped.`);
    const delivered = await operator('order', 'deliver', order.number);
    expect(delivered, delivered.err).toMatchObject({ status: 0 });
    expect(delivered.out).toContain('Feedback invitation (haircare) due');
    const mails = (await outbox()).filter((m) => m.to === email);
    expect(mails.map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/shipped/i), expect.stringMatching(/arrived/i)]));
    expect(mails.filter((m) => m.links.some((l) => l.includes('/feedback/haircare?')) && /how is your formula/i.test(m.subject))).toEqual([]);

    // The shop's clock moves 23 days on and runs the jobs due by then: the invitation (7 days after delivery) is mailed.
    const moved = await call('POST', '/dev/clock', undefined, { advance_days: 23 });
    expect(moved.status).toBe(200);
    expect(moved.body.jobs_run).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'invite-feedback', state: 'completed' })]));
    const invitation = (await outbox()).find((m) => m.to === email && /how is your formula/i.test(m.subject));
    expect(invitation).toBeDefined();
    invitationLink = invitation!.links.find((l) => l.includes('/feedback/haircare'))!;
    expect(invitationLink).toBe(url(`/feedback/haircare?order=${order.pubkey}&origin=email`));
  });

  it('spec 002 §2.1, §5.1: the shopper follows the link and answers, anti-brass questions included (the conditioner is 23 days old)', async () => {
    // The page counts the conditioner's days by the browser's clock: it runs 23 days ahead, as the shop's does.
    const shopNow = (await call('GET', '/dev/clock')).body.now as string;
    await page.context().clock.install({ time: new Date(shopNow) });
    await page.goto(invitationLink);
    await reachesStep(page, 'intro');
    await page.getByRole('heading', { level: 1, name: 'Give feedback to make your next order the best one yet' }).waitFor();
    const plan: Record<string, Answer | 'fragrance-rating'> = {
      intro: null,
      overall_experience: '4',
      transition_scalp: null,
      scalp_satisfaction: '4',
      scalp_sensitivity: 'not_a_concern',
      scalp_flakiness: 'not_a_concern',
      scalp_oiliness: 'some',
      transition_hair: null,
      hair_satisfaction: '4',
      hair_dryness: 'yes',
      hair_shine: 'yes',
      hair_curl_definition: 'yes',
      hair_frizziness: 'some',
      hair_tangles: 'yes',
      hair_volume: 'no',
      transition_products: null,
      product_shampoo_satisfaction: '3',
      product_shampoo_impact: 'uncleansed_greasy',
      product_conditioner_satisfaction: '4',
      product_conditioner_impact: 'soft_manageable',
      product_conditioner_antibrass: 'yes',
      product_conditioner_continue_antibrass: 'yes',
      transition_fragrance: null,
      fragrance_satisfaction_intensity: 'fragrance-rating',
      new_fragrance: 'true',
      fragrance_new_choice: 'candela',
    };
    const visited: string[] = [];
    for (;;) {
      const step = await currentStep(page);
      if (step === 'results') break;
      expect(Object.keys(plan), `step "${step}" is not planned`).toContain(step);
      visited.push(step);
      const planned = plan[step]!;
      if (planned === 'fragrance-rating') {
        // Satisfaction and intensity on one page (§2.6), for Arcadia: the fragrance's name is in the title.
        await expect.poll(() => page.locator('h1').innerText()).toContain('Arcadia');
        await pick(page, 'fragrance_satisfaction', '4');
        await pick(page, 'fragrance_intensity', 'just_right');
        await page.getByRole('button', { name: 'Continue' }).click();
        await leaves(page, step);
      } else {
        if (step === 'product_conditioner_continue_antibrass')
          await expect.poll(() => page.locator('h1').innerText()).toBe('Would you like to keep the purple toning pigments in your conditioner?');
        await answer(page, planned);
      }
      expect(new URL(page.url()).pathname).not.toBe(`/feedback/haircare/${step}`);
    }
    // Every page of the order's products, in the order of §2.1, the anti-brass pair after the conditioner's impact.
    expect(visited).toEqual(Object.keys(plan));
    expect(new URL(page.url()).pathname).toBe('/feedback/haircare/results');
  });

  it('spec 002 §2.7: the results screen shows improvements, concerns and the new fragrance, and completes the feedback', async () => {
    const working = page.getByRole('region', { name: 'What’s working' });
    await working.getByText('Dryness').waitFor();
    await working.getByText('Anti-brass care').waitFor();
    const refine = page.getByRole('region', { name: 'What we’ll refine' });
    await refine.getByText('Shampoo', { exact: true }).waitFor();
    await refine.getByText('Volume').waitFor();
    await page.getByRole('region', { name: 'Your fragrance' }).getByText('Candela').waitFor();
    // Reaching the results completed it (§2.7, §4.2), with every answer and where it was started.
    await expect.poll(async () => (await call('GET', `/v2/orders/${order.pubkey}/`, await tokenOf(page))).body.feedback?.status).toBe('completed');
    const { feedback } = (await call('GET', `/v2/orders/${order.pubkey}/`, await tokenOf(page))).body;
    expect(feedback).toMatchObject({
      origin: 'email',
      answers: {
        product_shampoo_impact: 'uncleansed_greasy',
        product_conditioner_antibrass: 'yes',
        product_conditioner_continue_antibrass: 'yes',
        new_fragrance: true,
        fragrance_new_choice: 'candela',
        fragrance_satisfaction: 4,
        fragrance_intensity: 'just_right',
      },
    });
    expect(errors).toEqual([]);
  });

  it('spec 002 §2.5: the shopper writes a public review and lands on /feedback/confirmation?data-from=haircare', async () => {
    // The results' button is low on a phone; the next step opens at the top, its progress clear of the sticky header.
    await page.getByRole('button', { name: 'Continue' }).scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.getByRole('button', { name: 'Continue' }).click();
    await reachesStep(page, 'public_review');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(scrolled).toBeGreaterThan(0);
    await page.getByLabel('Your review').fill('My curls <3 the new conditioner: no more brassy ends.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(url('/feedback/confirmation?data-from=haircare'));
    await page.getByRole('heading', { level: 1, name: 'Thank you for your feedback' }).waitFor();
    const { feedback } = (await call('GET', `/v2/orders/${order.pubkey}/`, await tokenOf(page))).body;
    expect(feedback.answers.open_text_public).toBe('My curls <3 the new conditioner: no more brassy ends.');
    expect(errors).toEqual([]);
  });

  it('issue 26 item 5: the next formulas change and say why, on the results page and in the cart', async () => {
    await page.goto(url('/consultation/haircare/results/get-results'));
    const shampoo = page.locator('.formula').filter({ has: page.getByRole('heading', { name: "What's in your Custom Shampoo" }) });
    await shampoo.getByText('Tuned from your feedback').waitFor();
    await shampoo.getByText('A deeper clean, because you told us your shampoo left your hair greasy.').waitFor();
    await shampoo.getByText('Candela, your new scent, because you chose a new fragrance in your feedback.').waitFor();
    await expect.poll(() => shampoo.locator('.formula__scent').innerText()).toContain('Scent: Candela');
    // The conditioner keeps its toner: the shopper asked to keep the anti-brass care.
    const conditioner = page.locator('.formula').filter({ has: page.getByRole('heading', { name: "What's in your Custom Conditioner" }) });
    await expect.poll(() => conditioner.locator('.formula__scent').innerText()).toContain('Scent: Candela');
    await conditioner.getByText('Full ingredient list').click();
    await expect.poll(() => conditioner.locator('.formula__inci-list').innerText()).toContain('CI 60730');

    await page.getByRole('link', { name: 'Get your routine' }).click();
    await page.waitForURL(url('/checkout/haircare'));
    const line = page.locator('.cart-line').filter({ has: page.getByRole('heading', { level: 3, name: /Custom Shampoo/ }) });
    await line.getByText('A deeper clean, because you told us your shampoo left your hair greasy.').waitFor();
    await line.getByText('Candela, your new scent, because you chose a new fragrance in your feedback.').waitFor();
    expect(errors).toEqual([]);
  });

  it('spec 002 §2.5: reopening a completed feedback shows its confirmation', async () => {
    await page.goto(invitationLink);
    await page.waitForURL(url('/feedback/confirmation?data-from=haircare'));
    await page.getByRole('heading', { level: 1, name: 'Thank you for your feedback' }).waitFor();
    expect(await page.locator('[data-step]').count()).toBe(0);
    await page.goto(url(`/feedback/haircare/overall_experience?order=${order.pubkey}`));
    await page.waitForURL(url('/feedback/confirmation?data-from=haircare'));
    expect(errors).toEqual([]);
  });

  it("spec 002 §2.5, §6: another account opening the shopper's feedback link gets its own feedback page, never the order", async () => {
    const other = `other+${Date.now()}@example.com`;
    const tokens = (
      await call('POST', '/v1/auth/signup/', undefined, {
        email: other,
        first_name: 'Sam',
        last_name: 'Other',
        has_accepted_terms: true,
        account_creation_origin: 'consultation_sign_up_haircare',
      })
    ).body;
    expect((await call('GET', `/v2/orders/${order.pubkey}/`, tokens.access)).status).toBe(404);
    const context: BrowserContext = await shop.browser.newContext({ viewport: { width: 390, height: 844 } });
    context.setDefaultTimeout(0);
    await context.addInitScript((value) => localStorage.setItem('shop.tokens.user', value), JSON.stringify({ access: tokens.access, refresh: tokens.refresh }));
    const stranger = await context.newPage();
    const strangerErrors: string[] = [];
    stranger.on('pageerror', (error) => strangerErrors.push(String(error)));
    const orderRequests: string[] = [];
    stranger.on('response', (response) => {
      const request = response.request();
      if (request.resourceType() !== 'document' && response.url().includes(order.pubkey))
        orderRequests.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await stranger.goto(invitationLink);
    await stranger.waitForURL(url('/account/feedback'));
    await stranger.getByRole('heading', { level: 1 }).waitFor();
    expect(await stranger.locator('[data-step]').count()).toBe(0);
    const text = await stranger.locator('main').innerText();
    expect(text).not.toContain(order.number);
    expect(text).not.toContain('Arcadia');
    // The only thing the other account learnt of the order: it is not theirs (404, like an order that does not exist).
    expect(orderRequests.length).toBeGreaterThan(0);
    expect(orderRequests.filter((r) => !r.startsWith('404 '))).toEqual([]);
    expect(strangerErrors).toEqual([]);
    await context.close();
  });
});

/** Picks the radio of `field` with `value` (its label, as a shopper taps it). */
async function pick(page: Page, field: string, value: string): Promise<void> {
  const id = await page.locator(`[data-step] input[type="radio"][name="${field}"][value="${value}"]`).getAttribute('id');
  await page.locator(`label[for="${id}"]`).first().click();
}
