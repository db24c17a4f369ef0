import fc from 'fast-check';

/** A JSON Schema as /openapi.json writes one (draft 2020-12, from the api/ zod schemas). */
export type JsonSchema = Record<string, unknown>;

/** Names that find something on every plain object's prototype: the keys and values that used to reach a 500. */
export const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
] as const;

/** The schema keywords the generator understands; any other makes it refuse the schema, so no route goes untested. */
const KNOWN_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'default',
  'description',
  'minItems',
  'maxItems',
]);

/** JSON text, built by hand so that keys such as "__proto__" are written as they are. */
const objectText = (entries: [string, string][]) => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
const arrayText = (items: string[]) => `[${items.join(',')}]`;

/** Anything a careless or hostile client might put where a value goes, as JSON text. */
export function hostileValue(): fc.Arbitrary<string> {
  const scalar = fc.oneof(
    fc.constantFrom(...PROTOTYPE_NAMES).map((name) => JSON.stringify(name)),
    fc.string({ maxLength: 40 }).map((text) => JSON.stringify(text)),
    fc.string({ unit: 'grapheme', maxLength: 20 }).map((text) => JSON.stringify(text)),
    fc.constantFrom('"\\u0000"', '"a\\u0000b"', '""', '" "', '"\\ud800"', `"${'x'.repeat(5000)}"`),
    fc.constantFrom('0', '-0', '-1', '1e308', '-1e308', '9007199254740993', '0.1', '1e-320', 'true', 'false', 'null'),
    fc.integer().map(String),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  );
  return fc.oneof(
    { weight: 4, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }).map(arrayText) },
    { weight: 1, arbitrary: fc.array(fc.tuple(objectKey(), scalar), { maxLength: 4 }).map(objectText) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 300 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`) },
  );
}

/** A key of an object the client sends: prototype names, odd text, or ordinary words. */
export function objectKey(extra: readonly string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...PROTOTYPE_NAMES),
    fc.string({ maxLength: 20 }),
    fc.constantFrom('', ' ', 'a\u0000b', '\u00e9t\u00e9', 'x'.repeat(300)),
    ...(extra.length > 0 ? [fc.constantFrom(...extra)] : []),
  );
}

/**
 * JSON text for a value of `schema`: mostly one it accepts, sometimes one it does not. Throws on a keyword it does not
 * know, so that a new kind of input in /openapi.json cannot go untested.
 * @param hints extra keys and values for objects with `additionalProperties` (the flows' answer fields and options).
 */
export function valueOf(schema: JsonSchema, hints: Hints = {}, where = '$'): fc.Arbitrary<string> {
  const unknown = Object.keys(schema).filter((key) => !KNOWN_KEYWORDS.has(key));
  if (unknown.length > 0)
    throw new Error(
      `${where}: the fuzz generator does not know the schema keyword(s) ${unknown.join(', ')}: teach it in tests/server/support/schema-arbitrary.ts.`,
    );
  const valid = validValue(schema, hints, where);
  return fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: hostileValue() });
}

/** What to put in open-ended objects: known keys, each with the values it takes. */
export interface Hints {
  keys?: Map<string, readonly unknown[]>;
}

function validValue(schema: JsonSchema, hints: Hints, where: string): fc.Arbitrary<string> {
  if ('const' in schema) return fc.constant(JSON.stringify(schema.const));
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum.map((value) => JSON.stringify(value)));
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (choices) return fc.oneof(...choices.map((choice, i) => valueOf(choice, hints, `${where}.anyOf[${i}]`)));
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  return fc.oneof(...types.map((type) => valueOfType(type, schema, hints, where)));
}

function valueOfType(type: string | undefined, schema: JsonSchema, hints: Hints, where: string): fc.Arbitrary<string> {
  switch (type) {
    case 'string':
      return stringValue(schema).map((text) => JSON.stringify(text));
    case 'integer':
      return fc.integer({ min: num(schema.minimum, -1e6), max: num(schema.maximum, 1e6) }).map(String);
    case 'number':
      return fc.double({ min: num(schema.minimum, -1e6), max: num(schema.maximum, 1e6), noNaN: true }).map((n) => JSON.stringify(n));
    case 'boolean':
      return fc.boolean().map(String);
    case 'null':
      return fc.constant('null');
    case 'array':
      return fc
        .array(schema.items ? valueOf(schema.items as JsonSchema, hints, `${where}[]`) : hostileValue(), { maxLength: num(schema.maxItems, 5) })
        .map(arrayText);
    case 'object':
      return objectValue(schema, hints, where);
    case undefined:
      return hostileValue();
    default:
      throw new Error(`${where}: the fuzz generator does not know the type "${type}".`);
  }
}

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  const maxLength = num(schema.maxLength, 60);
  const minLength = num(schema.minLength, 0);
  if (schema.format === 'email') return fc.emailAddress();
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern);
    try {
      return fc.stringMatching(pattern).filter((text) => text.length <= maxLength);
    } catch {
      // fast-check cannot build every pattern (lookaheads): offer text, and text shaped like a path, that fit it.
      return fc
        .oneof(
          fc.string({ maxLength: 30 }),
          fc.string({ maxLength: 30 }).map((text) => `/${text.replace(/[\s\\/]/g, '')}`),
        )
        .filter((text) => pattern.test(text));
    }
  }
  return fc.string({ minLength, maxLength: Math.min(maxLength, 60) });
}

function objectValue(schema: JsonSchema, hints: Hints, where: string): fc.Arbitrary<string> {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
  const required = new Set((schema.required ?? []) as string[]);
  const declared = properties.map(([name, property]) =>
    fc
      .tuple(fc.constant(name), valueOf(property, hints, `${where}.${name}`), fc.boolean())
      .map(([key, value, present]) => (required.has(key) || present ? [[key, value] as [string, string]] : [])),
  );
  const open = schema.additionalProperties;
  const hinted = [...(hints.keys ?? new Map()).entries()];
  const extra =
    open && typeof open === 'object'
      ? fc.array(
          fc.oneof(
            {
              weight: 2,
              arbitrary:
                hinted.length > 0
                  ? fc.constantFrom(...hinted).chain(([key, values]) => fc.tuple(fc.constant(key), hintedValue(values)))
                  : fc.tuple(objectKey(), valueOf(open as JsonSchema, hints, `${where}.*`)),
            },
            { weight: 1, arbitrary: fc.tuple(objectKey([...(hints.keys?.keys() ?? [])]), valueOf(open as JsonSchema, hints, `${where}.*`)) },
          ),
          { minLength: 1, maxLength: 4 },
        )
      : fc.oneof(
          { weight: 5, arbitrary: fc.constant([] as [string, string][]) },
          { weight: 1, arbitrary: fc.array(fc.tuple(objectKey(), hostileValue()), { maxLength: 2 }) },
        );
  return fc.tuple(fc.tuple(...declared), extra).map(([parts, more]) => objectText([...parts.flat(), ...more]));
}

/** A value for a hinted key: one it takes, a list of them, or something hostile. */
function hintedValue(values: readonly unknown[]): fc.Arbitrary<string> {
  if (values.length === 0) return hostileValue();
  const one = fc.constantFrom(...values).map((value) => JSON.stringify(value));
  return fc.oneof(
    { weight: 3, arbitrary: one },
    { weight: 1, arbitrary: fc.array(one, { maxLength: 3 }).map(arrayText) },
    { weight: 2, arbitrary: hostileValue() },
  );
}

function num(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
