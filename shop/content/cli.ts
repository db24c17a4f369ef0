/**
 * `npm run content:check`: checks every product page file and the catalogue (shop/catalog/products.yaml), prints
 * each problem as file:line:column, and checks that the JSON Schemas editors get autocomplete from are up to date.
 * `npm run content:check -- --write-schema` rewrites those JSON Schemas.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { formatDataProblem } from '#engine/compiler';
import { catalogueFileSchema, checkCatalogueSource } from '#api/catalogue-file';
import { checkAllPages, checkAllSitePages } from './check-content.ts';
import { pageSchema } from './schema.ts';
import { giftSchema, homeSchema } from './site-schema.ts';

const catalogueFile = 'shop/catalog/products.yaml';
const schemas: [file: string, schema: z.ZodType][] = [
  ['shop/content/page.schema.json', pageSchema],
  ['shop/catalog/catalogue.schema.json', catalogueFileSchema],
  ['shop/content/site/home.schema.json', homeSchema],
  ['shop/content/site/gift.schema.json', giftSchema],
];
let failed = false;
for (const [file, schema] of schemas) {
  const jsonSchema = `${JSON.stringify(z.toJSONSchema(schema, { io: 'input' }), null, 2)}\n`;
  if (process.argv.includes('--write-schema')) writeFileSync(file, jsonSchema);
  if (readFileSync(file, 'utf8') !== jsonSchema) {
    console.error(`${file} is out of date: run npm run content:check -- --write-schema`);
    failed = true;
  }
}
const { pages, problems } = checkAllPages(process.cwd());
const catalogue = checkCatalogueSource(readFileSync(catalogueFile, 'utf8'), catalogueFile);
problems.push(...catalogue.problems, ...checkAllSitePages(process.cwd()));
for (const problem of problems) console.error(formatDataProblem(problem));
if (failed || problems.length > 0) process.exit(1);
console.log(`${pages.size} product pages, the site pages and ${catalogue.catalogue!.products.length} catalogue products checked.`);
