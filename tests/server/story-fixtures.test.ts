import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggressors, cart, order, prescription, productList, productRecommendations, profileScoring, type Formula } from '#api';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { personas } from '../fixtures/personas';
import { createTestDatabase, type TestDatabase } from './support/databases';
import { createTestApp, signUpCustomer, testClock, type TestApp, type TestClock } from './support/test-app';

// The results stories draw what the server really sends. Their fixtures (stories/fixtures/formulas.ts and
// houston-results.ts) are written by this test from the pinned personas (tests/fixtures/personas.ts), through the
// API on the persona's date, so they cannot drift from the formulation: a rule change shows as a diff of those files,
// like the personas' own (tests/formulation/personas/). After reviewing it, accept it with
// `npx vitest run --project unit tests/server/story-fixtures.test.ts -u`.

const persona = (name: string) => personas.find((p) => p.name === name)!;
const header = (what: string) =>
  [
    `// ${what}`,
    '// Written by tests/server/story-fixtures.test.ts from the pinned personas (tests/fixtures/personas.ts), as the API',
    '// answers on their dates: do not edit by hand. After a rule change, review the diff and accept it with',
    '// `npx vitest run --project unit tests/server/story-fixtures.test.ts -u`.',
  ].join('\n');

const exported = (doc: string, name: string, type: string, value: unknown) => `/** ${doc} */\nexport const ${name}: ${type} = ${literal(value)};`;

/** `value` as a TypeScript literal: what fits on a line of 120 stays on it, so a change shows as a short diff. */
function literal(value: unknown, indent = ''): string {
  const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
  const flat = (v: unknown): string => {
    if (Array.isArray(v)) return `[${v.map(flat).join(', ')}]`;
    if (v && typeof v === 'object')
      return `{ ${Object.entries(v)
        .map(([k, x]) => `${key(k)}: ${flat(x)}`)
        .join(', ')} }`;
    return JSON.stringify(v);
  };
  const oneLine = flat(value);
  if (indent.length + oneLine.length <= 110 || !value || typeof value !== 'object') return oneLine;
  const inner = `${indent}  `;
  const items = Array.isArray(value) ? value.map((v) => literal(v, inner)) : Object.entries(value).map(([k, v]) => `${key(k)}: ${literal(v, inner)}`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return `${open}\n${items.map((item) => `${inner}${item},`).join('\n')}\n${indent}${close}`;
}

describe('story fixtures, as the API sends them (issue 4 point 11: stories for the results pages’ parts)', () => {
  let database: TestDatabase;
  let clock: TestClock;
  let t: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    clock = testClock();
    t = createTestApp(database.db, { flows: loadProfileFlows('flows'), clock });
  });
  afterAll(() => database?.destroy());

  /** A new shopper with `name`'s answers (and `changes`), on `name`'s date at noon UTC; `get` reads a call as they would. */
  async function shopper(name: string, changes: Record<string, unknown> = {}) {
    clock.set(new Date(`${persona(name).date}T12:00:00Z`));
    const { access } = await signUpCustomer(t);
    const saved = await t.call('PATCH', '/v1/account/hair_profile/', { token: access, body: { ...persona(name).answers, ...changes, source: 'website' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return async (path: string) => {
      const response = await t.call('GET', path, { token: access });
      expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
      return response.body as unknown;
    };
  }
  const formulaOf = async (name: string, product: string, changes?: Record<string, unknown>): Promise<Formula> => {
    const get = await shopper(name, changes);
    const formula = prescription.parse(await get('/v1/account/hair_profile/prescription/')).formulas.find((f) => f.product === product);
    expect(formula, `${name}'s ${product}`).toBeDefined();
    return formula!;
  };

  it('the formula cards: one of each kind a card draws (scented, fragrance-free, skincare, the supplement)', async () => {
    const module = [
      header('One formula of each kind a formula card draws, as GET /v1/account/hair_profile/prescription/ sends it.'),
      "import type { Formula } from '#api';",
      exported(
        'Jordan (Seattle, November): fine, oily hair with dandruff and a sensitive scalp; Napoli at a gentler strength.',
        'haircareFormula',
        'Formula',
        await formulaOf('Jordan', 'shampoo'),
      ),
      exported(
        'Maya (Phoenix, July), had she chosen fragrance-free: bleached curls; vegan and silicone-free.',
        'fragranceFreeFormula',
        'Formula',
        await formulaOf('Maya', 'conditioner', { pref_fragrance_free: true }),
      ),
      exported(
        'Chris (Chicago, January): oily, breakout-prone skin with enlarged pores; Blanca.',
        'skincareFormula',
        'Formula',
        await formulaOf('Chris', 'serum'),
      ),
      exported(
        'Sam (Toronto, October): thinning hair, high stress, vegetarian; amounts per daily serving.',
        'supplementFormula',
        'Formula',
        await formulaOf('Sam', 'supplement_core'),
      ),
    ].join('\n\n');
    await expect(`${module}\n`).toMatchFileSnapshot('../../stories/fixtures/formulas.ts');
  });

  it('a whole haircare results page: Rosa in Houston in July (place, needs, routine, every formula)', async () => {
    const get = await shopper('Rosa');
    const module = [
      header(`${persona('Rosa').name}'s haircare results: ${persona('Rosa').summary}.`),
      "import type { Aggressors, Prescription, ProductRecommendations, ProfileScoring } from '#api';",
      exported(
        'GET /v1/account/hair_profile/aggressors: her city and what affects her there this season.',
        'houstonPlace',
        'Aggressors',
        aggressors.parse(await get('/v1/account/hair_profile/aggressors')),
      ),
      exported(
        'GET /v1/account/hair_profile/scoring: her hair’s needs, each with the answers and places that moved it.',
        'houstonScoring',
        'ProfileScoring',
        profileScoring.parse(await get('/v1/account/hair_profile/scoring')),
      ),
      exported(
        'GET /v1/account/product_recommendations?category=haircare: her routine by section, each product with why.',
        'houstonRoutine',
        'ProductRecommendations',
        productRecommendations.parse(await get('/v1/account/product_recommendations?category=haircare')),
      ),
      exported(
        'GET /v1/account/hair_profile/prescription/: every formula made for her today, skincare too (the haircare page shows its routine’s).',
        'houstonPrescription',
        'Prescription',
        prescription.parse(await get('/v1/account/hair_profile/prescription/')),
      ),
    ].join('\n\n');
    await expect(`${module}\n`).toMatchFileSnapshot('../../stories/fixtures/houston-results.ts');
  });

  it('the catalogue in USD and CAD, as GET /v1/products/ serves it from shop/catalog/products.yaml', async () => {
    await seedCatalogue(database.db, loadCatalogue());
    const served = async (country: string) => productList.parse((await t.call('GET', `/v1/products/?country=${country}`)).body);
    const module = [
      [
        '// The catalogue as GET /v1/products/ serves it, from shop/catalog/products.yaml.',
        '// Written by tests/server/story-fixtures.test.ts: do not edit by hand. After a catalogue change, review the diff',
        '// and accept it with `npx vitest run --project unit tests/server/story-fixtures.test.ts -u`.',
      ].join('\n'),
      "import type { ProductList } from '#api';",
      exported('GET /v1/products/?country=US', 'catalogueUsd', 'ProductList', await served('US')),
      exported('GET /v1/products/?country=CA', 'catalogueCad', 'ProductList', await served('CA')),
    ].join('\n\n');
    await expect(`${module}\n`).toMatchFileSnapshot('../../stories/fixtures/catalogue.ts');
  });

  it('Rosa’s haircare cart, as GET and PATCH /v1/account/cart/ answer: from her results, then with a brush and a one-off oil', async () => {
    await seedCatalogue(database.db, loadCatalogue());
    clock.set(new Date(`${persona('Rosa').date}T12:00:00Z`));
    const { access } = await signUpCustomer(t);
    await t.call('PATCH', '/v1/account/hair_profile/', {
      token: access,
      body: { ...persona('Rosa').answers, consultation_status: { category: 'haircare', status: 'completed' }, source: 'website' },
    });
    const fromResults = await t.call('GET', '/v1/account/cart/?category=haircare&origin=results', { token: access });
    expect(fromResults.status, JSON.stringify(fromResults.body)).toBe(200);
    const changed = await t.call('PATCH', '/v1/account/cart/?category=haircare', {
      token: access,
      body: {
        items: [
          { category: 'item', product: 'brush', type: 'brush_boar', quantity: 1, customization: { monograms: ['RM'] } },
          { category: 'formula', product: 'hair_oil', type: 'hair_oil', quantity: 1, subscription: { active: false } },
        ],
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const module = [
      [
        '// Rosa’s haircare cart as the API answers it (tests/fixtures/personas.ts), on her date.',
        '// Written by tests/server/story-fixtures.test.ts: do not edit by hand. After a change, review the diff and accept it',
        '// with `npx vitest run --project unit tests/server/story-fixtures.test.ts -u`.',
      ].join('\n'),
      "import type { Cart } from '#api';",
      exported(
        'GET /v1/account/cart/?category=haircare&origin=results: her preselected products, each a subscription.',
        'rosaCart',
        'Cart',
        // Its pubkey is random: the fixture names it, so the file changes only when the cart does.
        { ...cart.parse(fromResults.body), pubkey: 'cart_rosa' },
      ),
      exported('After PATCH: a monogrammed boar brush and a one-off hair oil added.', 'rosaCartWithBrush', 'Cart', {
        ...cart.parse(changed.body),
        pubkey: 'cart_rosa',
      }),
    ].join('\n\n');
    await expect(`${module}\n`).toMatchFileSnapshot('../../stories/fixtures/carts.ts');
  });

  it('Rosa’s order, as POST /v2/orders/ answers: her cart with a monogrammed brush, paid with the test Visa', async () => {
    clock.set(new Date(`${persona('Rosa').date}T12:00:00Z`));
    const { access } = await signUpCustomer(t);
    await t.call('PATCH', '/v1/account/hair_profile/', {
      token: access,
      body: { ...persona('Rosa').answers, consultation_status: { category: 'haircare', status: 'completed' }, source: 'website' },
    });
    await t.call('GET', '/v1/account/cart/?category=haircare&origin=results', { token: access });
    await t.call('PATCH', '/v1/account/cart/?category=haircare', {
      token: access,
      body: { items: [{ category: 'item', product: 'brush', type: 'brush_boar', quantity: 1, customization: { monograms: ['RM'] } }] },
    });
    await t.call('POST', '/v1/account/addresses', {
      token: access,
      body: { address1: '2150 Mission St', city: 'San Francisco', state: 'CA', zipcode: '94110', country: 'US', primary: true },
    });
    await t.call('PATCH', '/v1/account/cart/?category=haircare', { token: access, body: { is_in_checkout: true } });
    const card = await t.call('POST', '/v1/payments/test/tokenize', {
      body: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', name: 'Rosa Martinez' } },
    });
    const placed = await t.call('POST', '/v2/orders/', { token: access, body: { payment: { token: card.body.token } } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const paid = order.parse(placed.body);
    // Its keys and number are the database's: the fixture names them, so the file changes only when the order does.
    const fixed = { ...paid, pubkey: 'ord_rosa', serial_no: '100001', items: paid.items.map((item, i) => ({ ...item, pubkey: `itm_rosa_${i + 1}` })) };
    const module = [
      [
        '// Rosa’s paid order as the API answers it (tests/fixtures/personas.ts), on her date.',
        '// Written by tests/server/story-fixtures.test.ts: do not edit by hand. After a change, review the diff and accept it',
        '// with `npx vitest run --project unit tests/server/story-fixtures.test.ts -u`.',
      ].join('\n'),
      "import type { Order } from '#api';",
      exported('POST /v2/orders/: her routine and a monogrammed boar brush, paid with the test Visa.', 'rosaOrder', 'Order', fixed),
    ].join('\n\n');
    await expect(`${module}\n`).toMatchFileSnapshot('../../stories/fixtures/orders.ts');
  });
});
