import { getTableName, is, sql, Table } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { serverErrorCodes } from '#api';
import { answerCatalog, loadFlowDirectory } from '#engine/compiler';
import type { Database } from '../../server/db/database';
import * as schema from '../../server/db/schema';
import { seedDatabase } from '../../server/db/seed-database';
import { signJwt } from '../../server/identity/jwt';
import { loadProfileFlows } from '../../server/profile/load-profile-flows';
import type { ProfileFlows } from '../../server/profile/profile-flows';
import { capturedLog } from './support/captured-log';
import { describeEachDatabase } from './support/databases';
import { hostileValue, objectKey, PROTOTYPE_NAMES, valueOf, type Hints, type JsonSchema } from './support/schema-arbitrary';
import { createTestApp, signUpCustomer, startGuest, TEST_SECRET } from './support/test-app';

/**
 * Issue 10: no input, however odd, gets a 5xx, and a refused request saves nothing. Every operation /openapi.json lists
 * is driven with generated paths, queries, headers and bodies (shaped by its own schemas, and hostile), as an
 * anonymous caller, a guest and customers. `FUZZ_RUNS` sets the requests per database (`npm run fuzz`: 5,000 each).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);

interface Operation {
  method: string;
  path: string;
  params: { name: string; in: 'path' | 'query'; schema: JsonSchema }[];
  body: JsonSchema | null;
}

let flows: ProfileFlows;
const hints: Hints = { keys: new Map() };
beforeAll(() => {
  flows = loadProfileFlows('flows');
  const { fields } = answerCatalog(loadFlowDirectory('flows').flows);
  for (const [name, info] of fields) hints.keys!.set(name, info.values ?? (name.endsWith('zipcode') ? ['10001', '94103', 'H2X 1Y4', 'M5V 2T6'] : []));
});

/** One fingerprint of every stored row but the rate-limit counters (a refused attempt still counts as an attempt). */
async function fingerprint(db: Database): Promise<string> {
  const tables = Object.values(schema).filter((value) => is(value, Table)) as Table[];
  const parts = tables
    .map((table) => getTableName(table))
    .filter((name) => name !== 'rate_limits')
    .map((name) => sql`(select coalesce(string_agg(t::text, ',' order by t::text), '') from ${sql.identifier(name)} t)`);
  const result = await db.execute<{ digest: string }>(sql`select md5(concat_ws('|', ${sql.join(parts, sql`, `)})) as digest`);
  return (result as unknown as { rows: { digest: string }[] }).rows[0]!.digest;
}

function operationsOf(document: {
  paths: Record<string, Record<string, { parameters?: Operation['params']; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      params: operation.parameters ?? [],
      body: operation.requestBody?.content['application/json']?.schema ?? null,
    })),
  );
}

describeEachDatabase('every route of /openapi.json against generated input (issue 10)', (database) => {
  it(`answers ${RUNS} generated requests without a 5xx, with {code, detail} errors, and saves nothing it refuses`, async () => {
    const db = database().db;
    await seedDatabase(db);
    const log = capturedLog();
    const t = createTestApp(db, { flows, config: { rateLimits: null, logger: log.logger } });
    // The same shop with its production rate limits, for a slice of the requests.
    const limited = createTestApp(db, { flows, clock: t.clock, config: { logger: log.logger } });

    const owner = await signUpCustomer(t);
    const other = await signUpCustomer(t);
    const guest = await startGuest(t);
    const home = { address1: '1 Main St', city: 'Austin', state: 'TX', zipcode: '73301', country: 'US' };
    const ownAddress = (await t.call('POST', '/v1/account/addresses', { token: owner.access, body: home })).body.pubkey as string;
    const otherAddress = (await t.call('POST', '/v1/account/addresses', { token: other.access, body: home })).body.pubkey as string;
    await t.call('PATCH', '/v1/account/hair_profile/', {
      token: owner.access,
      body: { profile_zipcode: '10001', profile_country: 'US', diag_hair_length: 'long' },
    });
    const claims = JSON.parse(Buffer.from(owner.access.split('.')[1]!, 'base64url').toString('utf8'));
    const expired = signJwt({ ...claims, iat: claims.iat - 3600, exp: claims.iat - 60 }, TEST_SECRET);

    const operations = operationsOf((await t.call('GET', '/openapi.json')).body);
    expect(operations.length).toBeGreaterThan(25);

    // Most routes need a session: the owner's token comes most often, so their checks are reached.
    const bearer = fc.oneof(
      { weight: 5, arbitrary: fc.constant(owner.access) },
      { weight: 4, arbitrary: fc.constantFrom<string | null>(null, guest.access, other.access) },
      { weight: 1, arbitrary: fc.constantFrom(expired, 'garbage', `${owner.access}x`, 'a.b.c') },
    );
    const pathValue = fc.oneof(
      fc.constantFrom(ownAddress, otherAddress, 'demo-stylist', ...PROTOTYPE_NAMES, '..', '%2F', '%00', '%E2%82', 'x'.repeat(500)),
      fc.string({ maxLength: 30 }).map(encodeURIComponent),
    );
    const contentType = fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/json') },
      {
        weight: 1,
        arbitrary: fc.constantFrom<string | undefined>(
          'application/json; charset=utf-8',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/vnd.api+json',
          undefined,
        ),
      },
    );
    const rawBody = fc.constantFrom('{', '{"a":', '[1,2', 'null', '"text"', '12', '', ' ', '{"a":1,"a":2}', '\u0000', `{"x":"${'y'.repeat(70 * 1024)}"}`);

    const requestOf = (operation: Operation) => {
      const declared = operation.params.filter((p) => p.in === 'query');
      const query = fc.array(
        fc.oneof(
          ...(declared.length > 0
            ? [{ weight: 3, arbitrary: fc.constantFrom(...declared).chain((p) => fc.tuple(fc.constant(p.name), valueOf(p.schema, hints).map(unquote))) }]
            : []),
          { weight: 1, arbitrary: fc.tuple(objectKey(), hostileValue().map(unquote)) },
        ),
        { maxLength: 3 },
      );
      const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
      const body = hasBody
        ? fc.oneof(
            { weight: 6, arbitrary: operation.body ? valueOf(operation.body, hints) : hostileValue() },
            { weight: 1, arbitrary: rawBody },
            { weight: 1, arbitrary: hostileValue() },
          )
        : fc.constant(undefined);
      return fc.record({
        operation: fc.constant(operation),
        path: fc.array(pathValue, { minLength: 4, maxLength: 4 }),
        query,
        body,
        contentType,
        bearer,
        rateLimited: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
        // A prototype member's name as a field, or as the value of a field the body has: the class of issue 10 defect 4.
        mutation: fc.option(fc.tuple(fc.constantFrom('key', 'value'), fc.constantFrom(...PROTOTYPE_NAMES), fc.nat()), { freq: 2 }),
      });
    };

    let before = await fingerprint(db);
    let refused = 0;
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(...operations.map(requestOf)), async (request) => {
        let slot = 0;
        const path = request.operation.path.replace(/\{[^}]+\}/g, () => request.path[slot++]!);
        const search = new URLSearchParams(request.query).toString();
        const headers: Record<string, string> = {};
        if (request.contentType) headers['content-type'] = request.contentType;
        if (request.bearer) headers.authorization = `Bearer ${request.bearer}`;
        const app = request.rateLimited ? limited : t;
        const body = request.body !== undefined && request.mutation ? mutate(request.body, request.mutation) : request.body;
        const response = await app.call(request.operation.method, `${path}${search ? `?${search}` : ''}`, { rawBody: body, headers });
        const what = `${request.operation.method} ${path}?${search} ${String(body).slice(0, 300)}`;
        answered += 1;
        expect(response.status, what).toBeLessThan(500);
        const after = await fingerprint(db);
        if (response.status >= 400) {
          refused += 1;
          expect(response.body, what).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
          // Every code is one the client's ApiErrorCode names (api/error-codes.ts).
          expect(serverErrorCodes, what).toContain(response.body.code);
          // A refused payment (402) is the one refusal that is kept: the attempt stays as an order in payment_failed, for
          // the shopper's orders and the shop's records (server/orders/place-order.ts); the cart is left as it was.
          if (response.status !== 402) expect(after, `${what}: a refused request (${response.status} ${response.body.code}) changed stored rows`).toBe(before);
        }
        before = after;
      }),
      { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
    );
    // Proof the run was real: most generated input is refused, and the server logged no failure of its own.
    expect(answered).toBe(RUNS);
    expect(refused).toBeGreaterThan(RUNS / 4);
    expect(log.lines().filter((line) => line.level >= 50)).toEqual([]);
  });
});

/** A JSON object body with a prototype member's name added as a field, or put in place of one field's value. */
function mutate(body: string, [where, name, pick]: ['key' | 'value', string, number]): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return body;
  const entries = Object.entries(parsed).map(([key, value]) => [key, JSON.stringify(value)] as [string, string]);
  if (where === 'key' || entries.length === 0) entries.unshift([name, JSON.stringify(name)]);
  else entries[pick % entries.length]![1] = JSON.stringify(name);
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
}

/** A query value is text: JSON strings lose their quotes, anything else goes as written. */
function unquote(json: string): string {
  if (json.startsWith('"')) {
    try {
      return String(JSON.parse(json));
    } catch {
      return json;
    }
  }
  return json;
}
