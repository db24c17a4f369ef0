import type { Hono } from 'hono';
import { empty } from '#api';
import type { Services } from '../services';
import { requestServices } from '../tracking/consent';
import { authenticate } from './authenticate';
import type { Operation } from './operation';
import { notFound } from './api-error';
import { isStorableText, readJsonBody, readQuery } from './read-input';

/** Hono's form of a declared path (`:param` already): no trailing slash, as the app is not strict about it. */
export function honoPath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Registers each operation: auth, then query and body checked by the declared schemas, then the handler. */
export function mountOperations(app: Hono, services: Services, operations: readonly Operation[]): void {
  for (const operation of operations) {
    const { call } = operation;
    // 'none' ignores a bearer; 'context' leaves it to the operation, which reads it only to learn who asks.
    const checksBearer = call.auth === 'optional' || call.auth === 'required';
    const hasBody = call.method !== 'GET' && call.method !== 'DELETE';
    app.on(call.method, honoPath(call.path), async (c) => {
      const params = c.req.param() as Record<string, string>;
      // No stored key contains NUL, and the database refuses to compare with one.
      if (!Object.values(params).every(isStorableText)) throw notFound();
      const auth = checksBearer ? await authenticate(c, services, call.auth === 'required') : null;
      const query = readQuery(c, call.query ?? empty);
      // A call without a body schema takes none: an empty body, or `{}`.
      const body = hasBody ? await readJsonBody(c, call.body ?? empty) : undefined;
      return operation.handle({ c, body, query, params, auth, services: requestServices(c, services) });
    });
  }
}
