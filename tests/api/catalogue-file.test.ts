import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkCatalogueSource, subscribedCents } from '#api/catalogue-file';
import { formatDataProblem } from '#engine/compiler';

const file = 'shop/catalog/products.yaml';
const text = readFileSync(file, 'utf8');
const problemsOf = (edited: string) => checkCatalogueSource(edited, file).problems.map(formatDataProblem);
const lineOf = (needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('the catalogue file (shop/catalog/products.yaml)', () => {
  it('is sound, and every price is integer cents', () => {
    const { catalogue, problems } = checkCatalogueSource(text, file);
    expect(problems).toEqual([]);
    const cents = catalogue!.products.flatMap((p) => [
      ...Object.values(p.price),
      ...Object.values(p.subscribed_price),
      ...p.variants.flatMap((v) => Object.values(v.price)),
    ]);
    expect(cents.every((n) => Number.isInteger(n) && n > 0)).toBe(true);
  });

  it('§9 Skincare prices: 15% off rounds half up to the cent (29 -> 24.65, 64 -> 54.40, 52 -> 44.20)', () => {
    expect([subscribedCents(2900, 0.15), subscribedCents(6400, 0.15), subscribedCents(5200, 0.15)]).toEqual([2465, 5440, 4420]);
    expect(subscribedCents(2999, 0.15)).toBe(2549); // 2549.15
    expect(subscribedCents(1010, 0.15)).toBe(859); // 858.5 rounds up
  });

  it('refuses a price with more than two decimals at its line and column', () => {
    const line = lineOf('price: { USD: 32, CAD: 43 }');
    const edited = text.replace('price: { USD: 32, CAD: 43 }', 'price: { USD: 32.005, CAD: 43 }');
    expect(problemsOf(edited)).toEqual([`${file}:${line}:19  Expected at most two decimals (cents).`]);
  });

  it('a mistyped key or category value gets a "did you mean"', () => {
    const rankLine = lineOf('ranks: { pdp: 100 }');
    expect(problemsOf(text.replace('ranks: { pdp: 100 }', 'rank: { pdp: 100 }'))).toEqual([
      `${file}:${rankLine}:5  Unknown key(s): rank. Did you mean "ranks"?`,
    ]);
    const edited = text.replace('category: haircare', 'category: haircar');
    expect(problemsOf(edited)[0]).toMatch(/:\d+:15 {2}Unknown value "haircar". Did you mean "haircare"\? Expected one of: haircare, skincare, others\.$/);
  });

  it('a type used twice, two variants with one order, and a subscribed price on a product that cannot be subscribed to', () => {
    const twice = text.replace('type: brush_mixed', 'type: brush_boar');
    expect(problemsOf(twice)).toEqual([
      `${file}:${lineOf('type: brush_mixed')}:15  The type "brush_boar" is used twice; every product and variant needs its own.`,
    ]);
    const orders = text.replace(
      '{ type: candle_prelude, slug: prelude, label: Prelude candle, order: 2 }',
      '{ type: candle_prelude, slug: prelude, label: Prelude candle, order: 1 }',
    );
    expect(problemsOf(orders)[0]).toContain('Two variants of "candle" have order 1.');
    const towel = text.replace('price: { USD: 34, CAD: 46 }', 'price: { USD: 34, CAD: 46 }\n    subscribed_price: { USD: 30, CAD: 40 }');
    expect(problemsOf(towel)[0]).toContain('"hair_towel_wrap" is not subscribable: leave subscribed_price out.');
  });

  it('a missing currency is named', () => {
    const edited = text.replace('price: { USD: 28, CAD: 38 }', 'price: { USD: 28 }');
    expect(problemsOf(edited)).toEqual([`${file}:${lineOf('price: { USD: 28, CAD: 38 }')}:5  Expected a price in every currency: USD and CAD.`]);
    const word = text.replace('price: { USD: 28, CAD: 38 }', 'price: { USD: 28, CAD: forty }');
    expect(problemsOf(word)[0]).toContain('Expected a price as a number, such as 32 or 24.65.');
  });
});
