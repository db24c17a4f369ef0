import { z } from 'zod';
import { defineOperation, type Operation } from '../http/operation';
import { openApiDocument } from './openapi-document';

/** GET /openapi.json: the document of every mounted operation, this one included; built once, on first request. */
export function getOpenApi(operations: () => readonly Operation[]): Operation {
  let document: Record<string, unknown> | null = null;
  return defineOperation(
    {
      method: 'get',
      path: '/openapi.json',
      summary: 'This document',
      tag: 'system',
      auth: 'none',
      responses: { 200: { description: 'OpenAPI 3.1', schema: z.record(z.string(), z.unknown()) } },
    },
    async ({ c }) => {
      document ??= openApiDocument(operations());
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(document, 200);
    },
  );
}
