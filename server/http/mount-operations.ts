import type { Hono } from 'hono';
import { empty } from '#api';
import type { Services } from '../services';
import { authenticate } from './authenticate';
import type { Operation } from './operation';
import { notFound } from './api-error';
import { isStorableText, readJsonBody, readQuery } from './read-input';

/** Hono's form of an API.md path: {param} -> :param, no trailing slash (the app is not strict about it). */
export function honoPath(path: string): string {
  const route = path.replace(/\{([a-z_][a-z0-9_]*)\}/gi, ':$1');
  return route.length > 1 ? route.replace(/\/+$/, '') : route;
}

/** Registers each operation: auth, then query and body checked by their schemas, then the handler. */
export function mountOperations(app: Hono, services: Services, operations: readonly Operation[]): void {
  for (const operation of operations) {
    const { spec } = operation;
    app.on(spec.method.toUpperCase(), honoPath(spec.path), async (c) => {
      const params = c.req.param() as Record<string, string>;
      // No stored key contains NUL, and the database refuses to compare with one.
      if (!Object.values(params).every(isStorableText)) throw notFound();
      const auth = spec.auth === 'none' ? null : await authenticate(c, services, spec.auth === 'required');
      const query = readQuery(c, spec.query ?? empty);
      const hasBody = spec.method !== 'get' && spec.method !== 'delete';
      const body = hasBody ? await readJsonBody(c, spec.body ?? empty) : undefined;
      return operation.handle({ c, body, query, params, auth, services });
    });
  }
}
