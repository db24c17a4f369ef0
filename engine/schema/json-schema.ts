import { z } from 'zod';
import { flowSchema } from './flow-schema.ts';

/** The JSON Schema of a flow file, for editors' autocomplete and validation (flows/flow.schema.json). */
export function flowJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(flowSchema, { io: 'input', unrepresentable: 'any', cycles: 'ref', reused: 'ref' }) as Record<string, unknown>;
  return { ...schema, $id: 'https://shop.local/flows/flow.schema.json', title: 'Consultation or feedback flow' };
}
