import { z } from 'zod';
import type { Operation } from '../http/operation';

type JsonSchema = Record<string, unknown>;

/** An OpenAPI 3.1 document of the given operations, their schemas generated from the api/ zod schemas. */
export function openApiDocument(operations: readonly Operation[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { spec } of operations) {
    if (spec.hidden) continue;
    const parameters = [
      ...[...spec.path.matchAll(/\{([^}]+)\}/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'string' } })),
      ...queryParameters(spec.query),
    ];
    const operation: Record<string, unknown> = {
      operationId: `${spec.method}${spec.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, ch: string | undefined) => (ch ? ch.toUpperCase() : ''))}`,
      summary: spec.summary,
      tags: [spec.tag],
      security: spec.auth === 'required' ? [{ bearer: [] }] : spec.auth === 'optional' ? [{}, { bearer: [] }] : [],
      responses: Object.fromEntries(
        Object.entries(spec.responses).map(([status, response]) => [
          status,
          response.schema
            ? { description: response.description, content: { 'application/json': { schema: jsonSchema(response.schema, 'output') } } }
            : { description: response.description },
        ]),
      ),
    };
    if (parameters.length > 0) operation.parameters = parameters;
    if (spec.body) {
      const schema = jsonSchema(spec.body, 'input');
      // A body with no required field may be left out altogether (an empty body counts as {}).
      operation.requestBody = { required: Array.isArray(schema.required) && schema.required.length > 0, content: { 'application/json': { schema } } };
    }
    (paths[spec.path] ??= {})[spec.method] = operation;
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
