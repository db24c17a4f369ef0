import { http, HttpResponse, type HttpHandler } from 'msw';
import type { z } from 'zod';
import { endpoints, type EndpointDefinition, type EndpointName, type ParsedRequestBody, type PathParams, type ResponseBody } from '../endpoints';
import type { ErrorBody } from '../schemas/common';

/** What a mock receives: the body already parsed by the call's request schema, the path parameters and the query. */
export interface MockRequest<K extends EndpointName> {
  body: ParsedRequestBody<K>;
  params: PathParams<K>;
  query: URLSearchParams;
  request: Request;
}

/** A mock answers with the call's typed response body (sent as 200 JSON, or 204 for calls without one) or any Response. */
export type MockResolver<K extends EndpointName> = (request: MockRequest<K>) => ResponseBody<K> | Response | Promise<ResponseBody<K> | Response>;

const methods = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete } as const;

/**
 * An msw handler for one call of the endpoint table, typed by it. A request that breaks the call's schema gets the
 * server's 400 `validation_error` with field errors; a mock body that breaks it gets 500 `mock_contract_violation`.
 * @example server.use(mockEndpoint('getAccount', () => user, { baseUrl }))
 */
export function mockEndpoint<K extends EndpointName>(name: K, resolver: MockResolver<NoInfer<K>>, options: { baseUrl?: string } = {}): HttpHandler {
  const definition: EndpointDefinition = endpoints[name];
  const url = (options.baseUrl ?? '').replace(/\/+$/, '') + definition.path;
  return methods[definition.method](url, async ({ request, params }) => {
    let body: unknown;
    if (definition.body) {
      const parsed = definition.body.safeParse(
        await request
          .clone()
          .json()
          .catch(() => ({})),
      );
      if (!parsed.success) return invalid(parsed.error);
      body = parsed.data;
    }
    const query = new URL(request.url).searchParams;
    if (definition.query) {
      const parsed = definition.query.safeParse(Object.fromEntries(query));
      if (!parsed.success) return invalid(parsed.error);
    }
    const result = await resolver({ body, params, query, request } as MockRequest<K>);
    if (result instanceof Response) return result;
    if (definition.response === null) return new HttpResponse(null, { status: 204 });
    const checked = definition.response.safeParse(result);
    if (!checked.success) return violation(500, `response of ${name}: ${checked.error.message}`);
    return HttpResponse.json(result as never);
  });
}

/** One typed mock factory per call: `mocks.signUp(resolver)` is `mockEndpoint('signUp', resolver)`. */
export type Mocks = { [K in EndpointName]: (resolver: MockResolver<K>) => HttpHandler };

/**
 * Mock factories for every call, against `baseUrl` ('' = same origin, as in Storybook). Prefer these to `mockEndpoint`
 * for inline bodies: their resolver's type is concrete, so literals like `{ magic_link_sent: true }` keep their type.
 * @example const mocks = createMocks({ baseUrl }); server.use(mocks.signUp(() => ({ magic_link_sent: true })));
 */
export function createMocks(options: { baseUrl?: string } = {}): Mocks {
  const entries = (Object.keys(endpoints) as EndpointName[]).map((name) => [
    name,
    (resolver: MockResolver<typeof name>) => mockEndpoint(name, resolver, options),
  ]);
  return Object.fromEntries(entries) as Mocks;
}

/** A typed success body for a call, as a Response: `mockResponse<'signUp'>({ magic_link_sent: true })`. */
export function mockResponse<K extends EndpointName>(body: ResponseBody<K>, init?: ResponseInit): Response {
  return HttpResponse.json(body as never, init);
}

/** An error response in the API's shape: `{code, detail, fields?}`. */
export function mockError(status: number, error: ErrorBody): Response {
  return HttpResponse.json(error, { status });
}

function violation(status: number, detail: string): Response {
  return HttpResponse.json({ code: 'mock_contract_violation', detail }, { status });
}

/** Answers as the server does to a body or query its schema refuses (API.md: 400 with `fields`). */
function invalid(error: z.ZodError): Response {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) (fields[issue.path.map(String).join('.') || 'non_field_errors'] ??= []).push(issue.message);
  return mockError(400, { code: 'validation_error', detail: 'Some fields are not valid.', fields });
}

/** An unsigned JWT-shaped token whose payload carries `exp` (seconds), for tests and stories. */
export function fakeJwt(expSeconds: number, claims: Record<string, unknown> = {}): string {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...claims, exp: expSeconds })}.`;
}
