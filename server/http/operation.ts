import type { Context } from 'hono';
import type { z } from 'zod';
import type { Services } from '../services';
import type { Auth } from './authenticate';

/** Who may call: anyone (token ignored), anyone (a token given must be valid), or a signed-in user or guest. */
export type AuthMode = 'none' | 'optional' | 'required';

/** A documented response of an operation. */
export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
}

/** The contract of one HTTP call: routing, auth, input schemas, documented responses (OpenAPI comes from these). */
export interface OperationSpec<A extends AuthMode, B extends z.ZodType | undefined, Q extends z.ZodType | undefined> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The canonical path as API.md writes it, with {params}. */
  path: string;
  summary: string;
  tag: string;
  auth: A;
  body?: B;
  query?: Q;
  responses: Record<number, ResponseSpec>;
  /** Kept out of /openapi.json (dev-only tooling). */
  hidden?: boolean;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler receives: validated input, the caller, and the services. */
export interface OperationCall<A extends AuthMode, B, Q> {
  c: Context;
  body: B;
  query: Q;
  params: Record<string, string>;
  auth: A extends 'required' ? Auth : Auth | null;
  services: Services;
}

/** A spec and its handler, type-erased for mounting. */
export interface Operation {
  spec: OperationSpec<AuthMode, z.ZodType | undefined, z.ZodType | undefined>;
  handle(call: OperationCall<AuthMode, unknown, unknown>): Promise<Response>;
}

/** Declares one operation; its file exports the result. */
export function defineOperation<A extends AuthMode, B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  spec: OperationSpec<A, B, Q>,
  handle: (call: OperationCall<A, Parsed<B>, Parsed<Q>>) => Promise<Response>,
): Operation {
  return { spec, handle: handle as Operation['handle'] };
}
