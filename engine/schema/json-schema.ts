import { z } from 'zod';
import { flowFileSchema, fragmentSchema } from './flow-schema.ts';

const options = { io: 'input', unrepresentable: 'any', cycles: 'ref', reused: 'ref' } as const;

/** The JSON Schema of a flow file, for editors' autocomplete and validation (flows/flow.schema.json). */
export function flowJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(flowFileSchema, options) as Record<string, unknown>;
  return { ...schema, $id: 'https://shop.local/flows/flow.schema.json', title: 'Consultation or feedback flow' };
}

/** The JSON Schema of a fragment file: steps several flows include (flows/fragment.schema.json). */
export function fragmentJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(fragmentSchema, options) as Record<string, unknown>;
  return { ...schema, $id: 'https://shop.local/flows/fragment.schema.json', title: 'Steps shared by several flows' };
}
