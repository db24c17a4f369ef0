import type { Context } from 'hono';
import type { z } from 'zod';
import { endpoints, type EndpointAuth, type EndpointDefinition, type EndpointName, type Endpoints } from '#api';
import type { Services } from '../services';
import type { Auth } from './authenticate';

/** What the server adds to a declared call: its place in /openapi.json and the statuses it answers with. */
export interface OperationDocs {
  summary: string;
  tag: string;
  /**
   * Each status the operation answers with, and when: a 2xx carries the call's declared response, any other status
   * the `{code, detail[, fields]}` error body (name the code first: "unknown_stylist: ...").
   */
  responses: Record<number, string>;
  /** Kept out of /openapi.json (dev-only tooling). */
  hidden?: boolean;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type BodyOf<C> = C extends { body: infer S } ? Parsed<S> : undefined;
type QueryOf<C> = C extends { query: infer S } ? Parsed<S> : undefined;
/** The caller: always one for 'required', maybe one for 'optional', none where the server does not read the bearer. */
type CallerOf<A extends EndpointAuth> = A extends 'required' ? Auth : A extends 'optional' ? Auth | null : null;

/** What a handler receives: validated input, the caller, and the services. */
export interface OperationCall<A extends EndpointAuth, B, Q> {
  c: Context;
  body: B;
  query: Q;
  params: Record<string, string>;
  auth: CallerOf<A>;
  services: Services;
}

type Handler<C extends EndpointDefinition> = (call: OperationCall<C['auth'], BodyOf<C>, QueryOf<C>>) => Promise<Response>;

/** A declared call, its docs and its handler, type-erased for mounting. */
export interface Operation {
  /** The call's name in api/endpoints.ts; null for a call only the server has (`defineServerOnlyOperation`). */
  name: EndpointName | null;
  /** Method, path, auth and schemas: api/endpoints.ts's entry, or the server-only declaration. */
  call: EndpointDefinition;
  docs: OperationDocs;
  handle(call: OperationCall<EndpointAuth, unknown, unknown>): Promise<Response>;
}

/**
 * Implements the call `name` of the contract (api/endpoints.ts): method, path, auth, query, body and
 * response come from there, so they cannot differ from what the client sends; this adds the docs and the handler.
 * @example
 * export const getAccount = defineOperation('getAccount', { summary: 'The signed-in user', tag: 'account', responses: { 200: 'The user' } },
 *   async ({ c, auth, services }) => c.json(await loadUser(services.db, auth.user.id, services.clock.now()), 200));
 */
export function defineOperation<K extends EndpointName>(name: K, docs: OperationDocs, handle: Handler<Endpoints[K]>): Operation {
  return { name, call: endpoints[name], docs, handle: handle as Operation['handle'] };
}

/**
 * SERVER ONLY: a call the web client never makes (health, /openapi.json, the dev outbox), so it is declared here
 * rather than in api/. Every /v1/ call belongs in api/endpoints.ts instead (tests/server/contract.test.ts checks).
 */
export function defineServerOnlyOperation<const C extends EndpointDefinition>(call: C, docs: OperationDocs, handle: Handler<C>): Operation {
  return { name: null, call, docs, handle: handle as Operation['handle'] };
}
