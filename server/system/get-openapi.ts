import { z } from 'zod';
import { defineServerOnlyOperation, type Operation } from '../http/operation';
import { openApiDocument } from './openapi-document';

/** GET /openapi.json: the document of every mounted operation, this one included; built once, on first request. */
export function getOpenApi(operations: () => readonly Operation[]): Operation {
  let document: Record<string, unknown> | null = null;
  return defineServerOnlyOperation(
    { method: 'GET', path: '/openapi.json', auth: 'none', response: z.record(z.string(), z.unknown()) },
    { summary: 'This document', tag: 'system', responses: { 200: 'OpenAPI 3.1' } },
    async ({ c }) => {
      document ??= openApiDocument(operations());
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(document, 200);
    },
  );
}
