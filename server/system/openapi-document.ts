import { z } from 'zod';
import { errorBody, type EndpointAuth } from '#api';
import type { Operation } from '../http/operation';

type JsonSchema = Record<string, unknown>;

/** OpenAPI's form of a declared path: `:param` -> `{param}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

/**
 * An OpenAPI 3.1 document of the given operations, from their declared calls (api/endpoints.ts: path, auth, query,
 * body, response; their JSON Schemas generated from the zod schemas) and their docs. A declared call's operationId
 * is its name, the client method that makes it.
 */
export function openApiDocument(operations: readonly Operation[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorSchema = jsonSchema(errorBody, 'output');
  for (const { name, call, docs } of operations) {
    if (docs.hidden) continue;
    const path = openApiPath(call.path);
    const method = call.method.toLowerCase();
    const parameters = [
      ...[...path.matchAll(/\{([^}]+)\}/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'string' } })),
      ...queryParameters(call.query),
    ];
    const success = call.response ? { 'application/json': { schema: jsonSchema(call.response, 'output') } } : undefined;
    const operation: Record<string, unknown> = {
      operationId: name ?? `${method}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, ch: string | undefined) => (ch ? ch.toUpperCase() : ''))}`,
      summary: docs.summary,
      tags: [docs.tag],
      security: security(call.auth),
      responses: Object.fromEntries(
        Object.entries(docs.responses).map(([status, description]) => {
          const content = Number(status) < 300 ? success : { 'application/json': { schema: errorSchema } };
          return [status, content ? { description, content } : { description }];
        }),
      ),
    };
    if (parameters.length > 0) operation.parameters = parameters;
    if (call.body) {
      const schema = jsonSchema(call.body, 'input');
      // A body with no required field may be left out altogether (an empty body counts as {}).
      operation.requestBody = { required: Array.isArray(schema.required) && schema.required.length > 0, content: { 'application/json': { schema } } };
    }
    (paths[path] ??= {})[method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Made-to-order shop API',
      version: '1',
      description: 'The HTTP contract of the shop (API.md). Errors are {code, detail[, fields]}. Paths work with and without the trailing slash.',
    },
    servers: [{ url: '/' }],
    paths,
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  };
}

/** 'optional' and 'context' calls work with and without a bearer. */
function security(auth: EndpointAuth): Record<string, string[]>[] {
  if (auth === 'required') return [{ bearer: [] }];
  return auth === 'none' ? [] : [{}, { bearer: [] }];
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

function queryParameters(schema: z.ZodType | undefined): Record<string, unknown>[] {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, in: 'query', required: required.has(name), schema: property }));
}
