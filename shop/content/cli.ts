/**
 * `npm run content:check`: checks every product page file and prints each problem as file:line:column,
 * and checks that shop/content/page.schema.json (editor autocomplete) is up to date.
 * `npm run content:check -- --write-schema` rewrites that JSON Schema.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { formatDataProblem } from '#engine/compiler';
import { checkAllPages } from './check-content.ts';
import { pageSchema } from './schema.ts';

const schemaFile = 'shop/content/page.schema.json';
const jsonSchema = `${JSON.stringify(z.toJSONSchema(pageSchema, { io: 'input' }), null, 2)}\n`;
if (process.argv.includes('--write-schema')) writeFileSync(schemaFile, jsonSchema);
let failed = false;
if (readFileSync(schemaFile, 'utf8') !== jsonSchema) {
  console.error(`${schemaFile} is out of date: run npm run content:check -- --write-schema`);
  failed = true;
}
const { pages, problems } = checkAllPages(process.cwd());
for (const problem of problems) console.error(formatDataProblem(problem));
if (failed || problems.length > 0) process.exit(1);
console.log(`${pages.size} product pages checked.`);
