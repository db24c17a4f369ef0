import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { seedCatalogue } from '../../server/catalog/seed-catalogue';
import { loadAllFlags, withOverrides } from '../../server/flags/load-flags';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import { createTestDatabase, type TestDatabase } from './support/databases';
import { createTestApp, startGuest } from './support/test-app';

const flows = loadProfileFlows('flows');
const brush = { category: 'item', product: 'brush', type: 'brush_boar', quantity: 1 };

// Spec 001 §9 Feature flags: each flag changes what it names (server/flags/README.md lists what each one does).
describe('flags that change the server (spec 001 §9 Feature flags)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await seedCatalogue(database.db, loadCatalogue());
  });
  afterAll(() => database.destroy());

  it('brushes on (the default): the brush and its variants are listed and sold', async () => {
    const t = createTestApp(database.db, { flows, config: { flags: loadAllFlags() } });
    const products = (await t.call('GET', '/v1/products/?country=US')).body.products as { type: string }[];
    expect(products.map((p) => p.type)).toContain('brush');
    const { access } = await startGuest(t);
    const added = await t.call('PATCH', '/v1/account/cart/?category=haircare', { token: access, body: { items: [brush] } });
    expect(added.status).toBe(200);
  });

  it('brushes off: no brush in the catalogue (so no collection, page or offer shows one), and a cart refuses it with nothing saved', async () => {
    const t = createTestApp(database.db, { flows, config: { flags: withOverrides(loadAllFlags(), 'brushes=false') } });
    const products = (await t.call('GET', '/v1/products/?country=US')).body.products as { type: string; variants?: { type: string }[] }[];
    expect(products.length).toBeGreaterThan(10);
    expect(products.flatMap((p) => [p.type, ...(p.variants ?? []).map((v) => v.type)]).filter((type) => type.startsWith('brush'))).toEqual([]);
    const { access } = await startGuest(t);
    const refused = await t.call('PATCH', '/v1/account/cart/?category=haircare', { token: access, body: { items: [brush] } });
    expect(refused.status).toBe(400);
    const cart = await t.call('GET', '/v1/account/cart/?category=haircare', { token: access });
    expect(JSON.stringify(cart.body.items ?? [])).not.toContain('brush_boar');
    expect(JSON.stringify(cart.body.catalog ?? [])).not.toContain('brush');
  });
});
