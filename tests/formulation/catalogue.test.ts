import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { formatDataProblem } from '#engine/compiler';
import { checkCatalogueSource, loadCatalogue, readCatalogueFiles, type CatalogueFiles } from '../../server/formulation/catalogue/load-catalogue';
import { productTypes } from '../../server/formulation/catalogue/schema';
import { euFragranceAllergens } from '../../server/formulation/catalogue/rules';

const { ingredients, skeletons } = loadCatalogue();
const all = [...ingredients.values()];
const get = (id: string) => ingredients.get(id)!;
const supplementOnly = new Set(['supplement_nutrient', 'capsule_shell', 'filler', 'anti_caking']);

describe('the ingredient catalogue (spec 000 §1, spec 001: "185+ ingredients"; issue 4 point 1)', () => {
  it('the shipped files have no problem', () => {
    expect(checkCatalogueSource(readCatalogueFiles()).map(formatDataProblem)).toEqual([]);
  });

  it('lists at least 185 haircare ingredients, not counting the supplement-only ones, and a skincare catalogue', () => {
    const haircare = all.filter((i) => i.catalogues.includes('haircare'));
    expect(haircare.length).toBeGreaterThanOrEqual(185);
    expect(haircare.filter((i) => !i.functions.every((f) => supplementOnly.has(f))).length).toBeGreaterThanOrEqual(185);
    expect(all.filter((i) => i.catalogues.includes('skincare')).length).toBeGreaterThanOrEqual(100);
  });

  it('ids and INCI names are unique; an id in both files is one merged ingredient', () => {
    const incis = all.map((i) => i.inci.toLowerCase());
    expect(new Set(incis).size).toBe(incis.length);
    const ids = (file: string) =>
      (
        parse(readFileSync(new URL(`../../server/formulation/catalogue/${file}`, import.meta.url), 'utf8')) as { ingredients: { id: string }[] }
      ).ingredients.map((i) => i.id);
    for (const file of ['ingredients-haircare.yaml', 'ingredients-skincare.yaml']) expect(new Set(ids(file)).size).toBe(ids(file).length);
    expect(get('glycerin').catalogues).toEqual(['haircare', 'skincare']);
    expect(get('retinol').catalogues).toEqual(['skincare']);
  });

  it('no animal-derived ingredient is vegan (keratin, silk, lanolin, beeswax, honey, collagen, carmine)', () => {
    expect(all.filter((i) => i.origin === 'animal_derived' && i.vegan)).toEqual([]);
    for (const id of ['hydrolyzed_keratin', 'hydrolyzed_silk', 'lanolin', 'cera_alba', 'mel', 'hydrolyzed_collagen', 'carmine', 'marine_collagen_peptides']) {
      expect(get(id)).toMatchObject({ origin: 'animal_derived', vegan: false });
    }
  });

  it('flags silicones, fragrance, the 26 EU fragrance allergens, pregnancy cautions and irritants', () => {
    for (const id of ['dimethicone', 'amodimethicone', 'cyclopentasiloxane', 'polysilicone_15']) expect(get(id).silicone).toBe(true);
    expect(get('silica').silicone).toBe(false);
    expect(get('limonene')).toMatchObject({ allergen: true, functions: expect.arrayContaining(['fragrance_allergen']) });
    expect(get('linalool').allergen).toBe(true);
    expect(
      all
        .filter((i) => i.allergen)
        .map((i) => i.inci)
        .sort(),
    ).toEqual([...euFragranceAllergens].sort());
    expect(get('parfum').fragrance).toBe(true);
    expect(get('lavender_oil').fragrance).toBe(true);
    for (const id of ['retinol', 'retinal', 'salicylic_acid', 'hydroquinone', 'saw_palmetto_extract']) expect(get(id).pregnancy_safe).toBe(false);
    expect(get('niacinamide').pregnancy_safe).toBe(true);
    for (const id of ['sodium_lauryl_sulfate', 'menthol', 'parfum']) expect(get(id).irritant).toBe(true);
  });

  it('supplement nutrients carry a daily maximum; every other ingredient a max_percent', () => {
    for (const i of all) {
      if (i.functions.includes('supplement_nutrient')) expect(i.daily_max, i.id).toBeDefined();
      else expect(i.max_percent, i.id).toBeDefined();
    }
    expect(get('cholecalciferol').vegan).toBe(false);
  });
});

describe('the product skeletons (spec 000 §1, §3.6; spec 001 product list)', () => {
  it('one skeleton per haircare product type and the supplement core; the skincare ones are the §3.6 texture slugs', () => {
    const types = (category: string) => [...skeletons.values()].filter((s) => s.category === category).map((s) => s.product_type);
    expect(new Set(types('haircare'))).toEqual(new Set(productTypes.haircare));
    expect(types('supplement')).toEqual(['supplement_core']);
    const textures = parse(readFileSync(new URL('../../server/formulation/textures/textures.yaml', import.meta.url), 'utf8')) as Record<
      'CLEANSER' | 'MOISTURIZER',
      object
    >;
    const slugsOf = (type: string) => [...skeletons.values()].filter((s) => s.product_type === type).map((s) => s.slug);
    expect(slugsOf('cleanser')).toEqual(Object.keys(textures.CLEANSER));
    expect(slugsOf('moisturizer')).toEqual(Object.keys(textures.MOISTURIZER));
    expect(slugsOf('serum')).toEqual(['serum']);
    expect([...skeletons.values()].flatMap((s) => s.smaller_versions).sort()).toEqual([
      'cleanser_mini',
      'cleanser_mini',
      'moisturizer_mini',
      'moisturizer_mini',
      'moisturizer_mini',
      'serum_mini',
      'trial_conditioner',
      'trial_shampoo',
    ]);
  });

  it('every skeleton ingredient is in the catalogue of its category, with one qs and room for its actives', () => {
    for (const s of skeletons.values()) {
      const catalogue = s.category === 'skincare' ? 'skincare' : 'haircare';
      for (const b of s.base) expect(ingredients.get(b.ingredient)?.catalogues, `${s.slug}: ${b.ingredient}`).toContain(catalogue);
      expect(s.base.filter((b) => b.percent === 'qs')).toHaveLength(1);
      expect(s.base.reduce((sum, b) => sum + (b.percent === 'qs' ? 0 : b.percent), 0) + s.actives.max_total_percent).toBeLessThanOrEqual(100);
    }
  });

  it('the scalp mask has no fragrance choice (spec 001 §9); the supplement base is vegan', () => {
    expect(skeletons.get('scalp_mask')!.fragrance_choice).toBe(false);
    expect(skeletons.get('supplement_core')!.base.every((b) => get(b.ingredient).vegan)).toBe(true);
  });

  it('is loaded once per process', () => {
    expect(loadCatalogue()).toBe(loadCatalogue());
  });
});

const hair = (lines: string) => `ingredients:\n${lines}`;
const goodSkeletons = `skeletons:
  - slug: shampoo
    category: haircare
    product_type: shampoo
    label: Custom Shampoo
    rinse_off: true
    fragrance_choice: true
    texture: [gel]
    base:
      - { ingredient: aqua, percent: qs }
      - { ingredient: glycerin, percent: 2 }
    actives: { max_count: 2, max_total_percent: 5, slots: [{ need: hydration, functions: [humectant], max_count: 2 }] }
`;
const goodHair = hair(`  - { id: aqua, inci: Aqua, functions: [solvent], origin: mineral, max_percent: { rinse_off: 95, leave_on: 95 }, note: "Water." }
  - { id: glycerin, inci: Glycerin, functions: [humectant, solvent], origin: plant, max_percent: { rinse_off: 10, leave_on: 10 }, note: "Glycerin." }
`);
const files = (over: Partial<Record<keyof CatalogueFiles, string>>): CatalogueFiles => ({
  haircare: { file: 'hair.yaml', text: over.haircare ?? goodHair },
  skincare: { file: 'skin.yaml', text: over.skincare ?? goodHair },
  skeletons: { file: 'skeletons.yaml', text: over.skeletons ?? goodSkeletons },
});
const problems = (over: Partial<Record<keyof CatalogueFiles, string>>) => checkCatalogueSource(files(over)).map(formatDataProblem);

describe('broken catalogue sources are reported with file:line:column, what was expected and what was found', () => {
  it('a small sound catalogue has no problem', () => {
    expect(problems({})).toEqual([]);
  });

  it('ingredient schema: keys, names, enums', () => {
    const text = hair(`  - { id: aqua, inci: Aqua, functions: [solvent], origin: mineral, max_percent: { rinse_off: 95 }, note: "Water." }
  - { id: Bad-Id, inci: X, functions: [moisturising], origin: plantish, note: "" }
  - { id: biotin, inci: Biotin, functions: [supplement_nutrient], origin: synthetic, note: "B7.", colour: pink }
`);
    expect(problems({ haircare: text })).toMatchInlineSnapshot(`
      [
        "hair.yaml:3:11  Expected a snake_case name such as sodium_cocoyl_isethionate; found "Bad-Id".",
        "hair.yaml:3:25  Expected the INCI name; found "X".",
        "hair.yaml:3:40  Expected one of cleansing, foaming, conditioning, antistatic, detangling, smoothing, shine, volumizing, strengthening, humectant, emollient, occlusive, film_forming, barrier_repair, hold, curl_defining, heat_protection, anti_dandruff, soothing, cooling, sebum_regulating, absorbent, exfoliating, antioxidant, uv_filter, hair_growth_support, brightening, anti_aging, anti_acne, preservative, chelating, ph_adjuster, thickener, emulsifier, solubilizer, solvent, opacifier, colorant, fragrance, fragrance_allergen, supplement_nutrient, capsule_shell, filler, anti_caking; found "moisturising".",
        "hair.yaml:3:63  Expected one of plant, mineral, biotech, synthetic, animal_derived; found "plantish".",
        "hair.yaml:3:79  Expected a short note; found "".",
        "hair.yaml:4:99  Unknown key(s): colour.",
      ]
    `);
  });

  it('ingredient rules: unique ids and INCI names, vegan, silicone, allergen and fragrance flags, limits', () => {
    const text = hair(`  - { id: aqua, inci: Aqua, functions: [solvent], origin: mineral, max_percent: { rinse_off: 95 }, note: "Water." }
  - { id: glycerin, inci: Glycerin, functions: [humectant], origin: plant, max_percent: { rinse_off: 10 }, note: "Glycerin." }
  - { id: lanolin, inci: Lanolin, functions: [emollient], origin: animal_derived, max_percent: { leave_on: 5 }, note: "Wool grease." }
  - { id: dimethicone, inci: Dimethicone, functions: [smoothing], origin: synthetic, max_percent: { leave_on: 5 }, note: "A silicone." }
  - { id: silica, inci: Silica, functions: [absorbent], silicone: true, origin: mineral, max_percent: { leave_on: 5 }, note: "Not a silicone." }
  - { id: limonene, inci: Limonene, functions: [fragrance], origin: plant, max_percent: { leave_on: 0.1 }, note: "Citrus." }
  - { id: glycerol, inci: glycerin, functions: [humectant], origin: plant, max_percent: { leave_on: 5 }, note: "Again." }
  - { id: aqua, inci: Water, functions: [solvent], origin: mineral, max_percent: { leave_on: 1 }, note: "Twice." }
  - { id: biotin, inci: Biotin, functions: [supplement_nutrient], origin: synthetic, note: "B7." }
`);
    const skincare = hair(`  - { id: squalane, inci: Squalane, functions: [emollient], origin: plant, max_percent: { leave_on: 100 }, note: "Olive." }\n`);
    expect(problems({ haircare: text, skincare })).toMatchInlineSnapshot(`
      [
        "hair.yaml:4:67  Expected vegan: false for an animal_derived ingredient; found vegan: true (the default when vegan is left out).",
        "hair.yaml:5:30  Expected silicone: true for "Dimethicone" (its name is a silicone’s); found silicone: false.",
        "hair.yaml:6:25  Expected silicone: false for "Silica" (its name is no silicone’s); found silicone: true.",
        "hair.yaml:7:27  Expected allergen: true for "Limonene" (one of the 26 EU fragrance allergens); found allergen: false.",
        "hair.yaml:7:37  Expected fragrance: true exactly when the functions include fragrance; found fragrance: false with functions [fragrance].",
        "hair.yaml:8:27  Expected a unique INCI name; found "glycerin", already the INCI name of glycerin.",
        "hair.yaml:9:11  Expected a unique id; found "aqua" a second time in this file.",
        "hair.yaml:10:11  Expected max_percent (or daily_max for a nutrient); found neither.",
        "hair.yaml:10:33  Expected daily_max for a supplement_nutrient; found none.",
      ]
    `);
  });

  it('an id in both files must be written identically', () => {
    const skin = hair(`  - { id: aqua, inci: Aqua, functions: [solvent], origin: mineral, max_percent: { rinse_off: 95, leave_on: 95 }, note: "Water." }
  - { id: glycerin, inci: Glycerin, functions: [humectant], origin: plant, max_percent: { rinse_off: 10, leave_on: 5 }, note: "Glycerin." }
`);
    expect(problems({ skincare: skin })).toMatchInlineSnapshot(`
      [
        "skin.yaml:3:11  Expected "glycerin" to be written as at hair.yaml:3:11 (an id in both files is one ingredient); found other values for functions, max_percent.",
      ]
    `);
  });

  it('skeleton schema', () => {
    const text = `skeletons:
  - slug: shampoo
    category: haircare
    product_type: shampoo
    label: Again
    rinse_off: maybe
    fragrance_choice: true
    texture: [gel]
    base: [{ ingredient: aqua, percent: lots }]
    actives: { max_count: 2, max_total_percent: 5, slots: [] }
`;
    expect(problems({ skeletons: text })).toMatchInlineSnapshot(`
      [
        "skeletons.yaml:6:16  Expected true or false; found "maybe".",
        "skeletons.yaml:9:41  Expected a percentage or qs; found "lots".",
        "skeletons.yaml:10:52  Expected at least one of need slots; found [].",
      ]
    `);
  });

  it('skeleton rules: category, sizes, qs, known ingredients within their limits, room for actives, slots', () => {
    const text = `skeletons:
  - slug: shampoo
    category: skincare
    product_type: shampoo
    label: Custom Shampoo
    rinse_off: false
    fragrance_choice: true
    smaller_versions: [serum_mini]
    texture: [gel]
    base:
      - { ingredient: aqua, percent: qs }
      - { ingredient: glycerin, percent: 12 }
      - { ingredient: glycerine, percent: 2 }
      - { ingredient: aqua, percent: qs }
    actives: { max_count: 2, max_total_percent: 90, slots: [{ need: hold, functions: [hold], max_count: 3 }] }
  - slug: conditioner
    category: haircare
    product_type: conditioner
    label: Custom Conditioner
    rinse_off: true
    fragrance_choice: true
    texture: [gel]
    base: [{ ingredient: glycerin, percent: 2 }]
    actives: { max_count: 2, max_total_percent: 5, slots: [{ need: hydration, functions: [humectant], max_count: 1 }] }
`;
    expect(problems({ skeletons: text })).toMatchInlineSnapshot(`
      [
        "skeletons.yaml:4:19  Expected a skincare product type (cleanser, serum, moisturizer); found "shampoo".",
        "skeletons.yaml:8:24  Expected "trial_shampoo" for a shampoo; found "serum_mini".",
        "skeletons.yaml:12:42  Expected at most 10% of glycerin (leave_on); found 12%.",
        "skeletons.yaml:13:23  Expected an ingredient of the skincare catalogue; found "glycerine", which no catalogue lists.",
        "skeletons.yaml:14:23  Expected each ingredient once; found "aqua" a second time.",
        "skeletons.yaml:14:38  Expected one ingredient with percent: qs (the balance); found a second.",
        "skeletons.yaml:15:49  Expected the base (14%) and the actives together to fit in 100%; found 104%.",
        "skeletons.yaml:15:87  Expected a function some skincare ingredient has; found "hold", which none has.",
        "skeletons.yaml:15:105  Expected at most the skeleton's max_count (2); found 3.",
        "skeletons.yaml:23:5  Expected one ingredient with percent: qs (the balance); found none.",
      ]
    `);
  });

  it('a base ingredient must suit every shopper: nothing animal-derived, silicone, scented, pregnancy-unsafe or irritant (issue 4 point 4)', () => {
    const haircare = hair(`  - { id: aqua, inci: Aqua, functions: [solvent], origin: mineral, max_percent: { rinse_off: 95, leave_on: 95 }, note: "Water." }
  - { id: glycerin, inci: Glycerin, functions: [humectant, solvent], origin: plant, max_percent: { rinse_off: 10, leave_on: 10 }, note: "Glycerin." }
  - { id: lanolin, inci: Lanolin, functions: [emollient], origin: animal_derived, vegan: false, max_percent: { rinse_off: 5 }, note: "Wool." }
  - { id: dimethicone, inci: Dimethicone, functions: [smoothing], origin: synthetic, silicone: true, max_percent: { rinse_off: 5 }, note: "Slip." }
  - { id: salicylic_acid, inci: Salicylic Acid, functions: [exfoliating], origin: synthetic, pregnancy_safe: false, irritant: true, max_percent: { rinse_off: 3 }, note: "BHA." }
`);
    const skeletons = goodSkeletons.replace(
      '      - { ingredient: glycerin, percent: 2 }\n',
      '      - { ingredient: glycerin, percent: 2 }\n      - { ingredient: lanolin, percent: 1 }\n      - { ingredient: dimethicone, percent: 1 }\n      - { ingredient: salicylic_acid, percent: 1 }\n',
    );
    expect(problems({ haircare, skeletons })).toMatchInlineSnapshot(`
      [
        "skeletons.yaml:12:23  Expected a base ingredient every shopper can have; found "lanolin", which is animal-derived. Offer it as an active instead.",
        "skeletons.yaml:13:23  Expected a base ingredient every shopper can have; found "dimethicone", which is a silicone. Offer it as an active instead.",
        "skeletons.yaml:14:23  Expected a base ingredient every shopper can have; found "salicylic_acid", which is not pregnancy-safe, an irritant. Offer it as an active instead.",
      ]
    `);
  });

  it('YAML syntax errors', () => {
    expect(problems({ skeletons: 'skeletons:\n  - { slug: shampoo, label: "open\n' })).toMatchInlineSnapshot(`
      [
        "skeletons.yaml:3:1  YAML syntax: Missing closing "quote.",
        "skeletons.yaml:3:1  YAML syntax: Flow map in block collection must be sufficiently indented and end with a }.",
      ]
    `);
  });
});
