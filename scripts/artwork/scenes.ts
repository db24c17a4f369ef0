/**
 * Which picture shows what: every file name under public/media/ the content and the catalogue name has a scene here,
 * drawn at the size the pages declare (cards 600×600, heroes 1280×720, module pictures 800×600).
 */
import { group, place, fit } from './compose.ts';
import {
  brush,
  brushPatterns,
  candle,
  dropperBottle,
  foldedTowel,
  giftBox,
  giftCard,
  jar,
  plinth,
  pouch,
  pumpBottle,
  sprayCan,
  supplementBottle,
  tube,
  type Bristles,
  type Box,
  type Drawn,
} from './objects.ts';
import { bubbles, citrusSlice, crystal, drop, leaf, person, strands } from './props.ts';
import { backdrops, colour, ellipse, frame, path, type Backdrop } from './svg.ts';

/** A picture: its file's content, its size, and the box where the shopper's name goes (a custom product's card). */
export interface Scene {
  width: number;
  height: number;
  svg: string;
  label?: Box;
}

const { navy, accent, cream, white, sandDeep, ink } = colour;

/** The products, drawn in the brand's colours; `named`: the label has the blank line for the shopper's name. */
const products = {
  shampoo: (named: boolean) => pumpBottle({ body: navy, closure: accent, named }),
  conditioner: (named: boolean) => pumpBottle({ body: accent, closure: navy, named }),
  cleanser: (named: boolean) => pumpBottle({ body: white, closure: navy, named }),
  'hair-mask': (named: boolean) => jar({ body: cream, closure: navy, named }),
  'scalp-mask': (named: boolean) => jar({ body: cream, closure: accent, named }),
  moisturizer: (named: boolean) => jar({ body: white, closure: '#4a548f', named }),
  'curl-cream': (named: boolean) => tube({ body: accent, closure: navy, named }),
  'styling-gel': (named: boolean) => tube({ body: navy, closure: accent, named }),
  'leave-in': (named: boolean) => tube({ body: cream, closure: navy, named }),
  'hair-oil': (named: boolean) => dropperBottle({ body: '#a2552f', closure: navy, named }),
  'scalp-serum': (named: boolean) => dropperBottle({ body: navy, closure: accent, named }),
  serum: (named: boolean) => dropperBottle({ body: '#d9dcf0', closure: navy, named }),
  'dry-shampoo': (named: boolean) => sprayCan({ body: navy, closure: accent, named }),
  supplements: (named: boolean) => supplementBottle({ body: navy, closure: accent, named }),
  pouch: (named: boolean) => pouch({ body: sandDeep, closure: navy, named }),
} satisfies Record<string, (named: boolean) => Drawn>;
type Product = keyof typeof products;

/** The candles' scents, each in its own tone: Corsica the sea, Prelude a rose, Arcadia warm wood. */
const scents = { corsica: '#4d6b73', prelude: '#b76e79', arcadia: '#9a5a2c' } as const;

/** Groups: the density set, the supplements, the skincare routine, the gift sets, the brushes, the candles. */
const groups = {
  'density-set': (named: boolean) =>
    group([
      { d: products.conditioner(false), dx: -120, s: 0.9 },
      { d: products['scalp-serum'](false), dx: 125, s: 0.95 },
      { d: products.shampoo(named), dx: 0, dy: 24, named: true },
    ]),
  'supplements-two': (named: boolean) =>
    group([
      { d: supplementBottle({ body: cream, closure: navy }), dx: -80, s: 0.9 },
      { d: products.supplements(named), dx: 70, dy: 20, named: true },
    ]),
  'pouches-two': (named: boolean) =>
    group([
      { d: pouch({ body: navy, closure: accent }), dx: -70, s: 0.9 },
      { d: products.pouch(named), dx: 70, dy: 20, named: true },
    ]),
  'supplements-mix': () =>
    group([
      { d: products.pouch(false), dx: -110, s: 0.95 },
      { d: products.supplements(false), dx: 110, dy: 20 },
    ]),
  skincare: () =>
    group([
      { d: products.cleanser(false), dx: -150 },
      { d: products.serum(false), dx: 150, s: 0.95 },
      { d: products.moisturizer(false), dx: 0, dy: 30, s: 0.9 },
    ]),
  essentials: () =>
    group([
      { d: giftBox(), dy: -10, s: 1.1 },
      { d: products.shampoo(false), dx: -70, dy: 30, s: 0.95 },
      { d: products.conditioner(false), dx: 70, dy: 30, s: 0.95 },
    ]),
  complete: () =>
    group([
      { d: giftBox(), dy: -10, s: 1.25 },
      { d: products.shampoo(false), dx: -150, dy: 24, s: 0.9 },
      { d: products.conditioner(false), dx: -50, dy: 24, s: 0.9 },
      { d: products['hair-oil'](false), dx: 50, dy: 30, s: 0.9 },
      { d: products['hair-mask'](false), dx: 170, dy: 34, s: 0.75 },
    ]),
  brushes: () =>
    group([
      { d: brush('mixed'), dx: -150, s: 0.85, rotate: -10 },
      { d: brush('detangling'), dx: 150, s: 0.85, rotate: 10 },
      { d: brush('boar'), dx: 0, dy: 20 },
    ]),
  candles: () =>
    group([
      { d: candle(scents.corsica), dx: -190, s: 0.95 },
      { d: candle(scents.arcadia), dx: 190, s: 0.95 },
      { d: candle(scents.prelude), dx: 0, dy: 20, s: 1.05 },
    ]),
};

const allPatterns = Object.values(brushPatterns).join('');
const single = (d: Drawn, named = false): Drawn => group([{ d, named }]);

/** A still life: the subject on the table, in the middle of the picture, filling `fill` of it, props around. */
function stillLife(width: number, height: number, backdrop: Backdrop, subject: Drawn, fill = 0.66, props = '', most = Infinity, at = 0.5): Scene {
  const s = Math.min(most, fit(subject, width * 0.8, height * fill));
  // On a table the subject stands a little in front of the wall's foot; with no table (a portrait) it rises from the bottom edge.
  const baseY = backdrop.floor < 1 ? height * (backdrop.floor + 0.07) : height;
  const placed = place(subject, width * at, baseY, s);
  return { width, height, svg: frame(width, height, backdrop, props + placed.svg, allPatterns), ...(placed.label ? { label: placed.label } : {}) };
}

/** What is scattered around a hero's product: drops for washes, leaves for oils and masks, citrus and drops for skincare. */
type Scatter = (x: number, y: number, k: number) => string;
const scatter: Record<string, Scatter> = {
  drops: (x, y, k) => drop(x, y, 70 * k) + drop(x + 70 * k, y + 10 * k, 44 * k, colour.lilacDeep),
  leaves: (x, y, k) => leaf(x - 60 * k, y, 130 * k, -20) + leaf(x - 40 * k, y + 6 * k, 110 * k, -150, '#7c9a66'),
  citrus: (x, y, k) => citrusSlice(x, y - 40 * k, 46 * k) + drop(x + 80 * k, y, 50 * k),
  crystals: (x, y, k) => crystal(x, y - 30 * k, 34 * k) + crystal(x + 60 * k, y - 20 * k, 22 * k) + drop(x - 56 * k, y, 40 * k),
  stones: (x, y, k) =>
    ellipse(x, y - 18 * k, 40 * k, 20 * k, '#c9c2b6') + ellipse(x + 50 * k, y - 12 * k, 26 * k, 13 * k, '#a9a193') + leaf(x - 30 * k, y - 40 * k, 90 * k, -35),
  none: () => '',
};

/**
 * A hero: the product on a plinth, with its props. Desktop pictures are wide: the plinth right of centre, props on the
 * left. Mobile pictures keep their 1280×720 file (the pages declare that size) but are drawn for a narrow screen:
 * the product larger and everything within the middle 4:5 column (x 352 to 928), so a portrait crop keeps it whole.
 */
function hero(subject: Drawn, backdrop: Backdrop, breakpoint: 'desktop' | 'mobile', props: Scatter): Scene {
  const width = 1280;
  const height = 720;
  const floorY = height * backdrop.floor;
  const mobile = breakpoint === 'mobile';
  const cx = mobile ? 640 : 820;
  const stand = plinth(Math.max(mobile ? 340 : 440, subject.width * 0.9), backdrop.table === colour.lilacDeep ? white : cream);
  const standScale = 1;
  const standBase = floorY + (mobile ? 60 : 50);
  const top = standBase - stand.height * standScale;
  const s = Math.min(mobile ? 2 : 1.5, fit(subject, mobile ? 600 : 620, Math.min(mobile ? 560 : 430, top - 36)));
  const placed = place(subject, cx, top + 8, s);
  const k = mobile ? 1.3 : 1.7;
  const around = mobile ? props(430, standBase + 40, k) : props(330, floorY + 100, k) + props(1150, floorY + 70, k * 0.6);
  const svg = frame(
    width,
    height,
    backdrop,
    around + place(stand, cx, standBase, standScale).svg + ellipse(cx, top + 8, stand.width * 0.45, 10, 'url(#s)') + placed.svg,
    allPatterns,
  );
  return { width, height, svg };
}

/** The heroes' subjects: [what, backdrop, scatter]. */
const heroes: Record<string, [() => Drawn, Backdrop, Scatter]> = {
  shampoo: [() => products.shampoo(false), backdrops.haircare, scatter.drops!],
  conditioner: [() => products.conditioner(false), backdrops.haircare, scatter.drops!],
  'hair-mask': [() => products['hair-mask'](false), backdrops.haircare, scatter.leaves!],
  'hair-oil': [() => products['hair-oil'](false), backdrops.accent, scatter.leaves!],
  'curl-cream': [() => products['curl-cream'](false), backdrops.accent, scatter.drops!],
  'styling-gel': [() => products['styling-gel'](false), backdrops.haircare, scatter.drops!],
  'dry-shampoo': [() => products['dry-shampoo'](false), backdrops.haircare, scatter.stones!],
  'leave-in': [() => products['leave-in'](false), backdrops.accent, scatter.leaves!],
  'scalp-mask': [() => products['scalp-mask'](false), backdrops.haircare, scatter.stones!],
  'scalp-serum': [() => products['scalp-serum'](false), backdrops.haircare, scatter.drops!],
  'density-set': [() => groups['density-set'](false), backdrops.haircare, scatter.leaves!],
  supplements: [groups['supplements-mix'], backdrops.haircare, scatter.leaves!],
  cleanser: [() => products.cleanser(false), backdrops.skincare, scatter.drops!],
  serum: [() => products.serum(false), backdrops.skincare, scatter.citrus!],
  moisturizer: [() => products.moisturizer(false), backdrops.skincare, scatter.crystals!],
  skincare: [groups.skincare, backdrops.skincare, scatter.citrus!],
  'cleanser-formula': [() => products.cleanser(false), backdrops.skincare, (x, y, k) => scatter.leaves!(x, y, k) + scatter.crystals!(x + 120 * k, y, k * 0.8)],
  brushes: [groups.brushes, backdrops.home, scatter.none!],
  candle: [groups.candles, backdrops.home, scatter.stones!],
  towel: [() => foldedTowel(), backdrops.home, scatter.stones!],
};

/** The card pictures (600×600): the catalogue's products, one each, or the sets as groups. */
const cards: Record<string, [() => Drawn, Backdrop]> = {
  shampoo: [() => single(products.shampoo(true), true), backdrops.haircare],
  conditioner: [() => single(products.conditioner(true), true), backdrops.haircare],
  'hair-mask': [() => single(products['hair-mask'](true), true), backdrops.haircare],
  'leavein-conditioner': [() => single(products['leave-in'](true), true), backdrops.accent],
  'hair-oil': [() => single(products['hair-oil'](true), true), backdrops.accent],
  'curl-cream': [() => single(products['curl-cream'](true), true), backdrops.accent],
  'styling-gel': [() => single(products['styling-gel'](true), true), backdrops.haircare],
  'dry-shampoo': [() => single(products['dry-shampoo'](true), true), backdrops.haircare],
  'scalp-mask': [() => single(products['scalp-mask'](true), true), backdrops.haircare],
  'scalp-serum': [() => single(products['scalp-serum'](true), true), backdrops.haircare],
  'hair-density-set': [() => groups['density-set'](true), backdrops.haircare],
  'supplement-core': [() => groups['supplements-two'](true), backdrops.haircare],
  'supplements-pouch': [() => groups['pouches-two'](true), backdrops.haircare],
  cleanser: [() => single(products.cleanser(true), true), backdrops.skincare],
  serum: [() => single(products.serum(true), true), backdrops.skincare],
  moisturizer: [() => single(products.moisturizer(true), true), backdrops.skincare],
  'hair-towel-wrap': [() => single(foldedTowel()), backdrops.home],
  candle: [() => single(candle(scents.corsica)), backdrops.home],
  brush: [() => single(brush('boar')), backdrops.home],
  'digital-gift': [() => single(giftCard()), backdrops.accent],
  'essentials-set': [groups.essentials, backdrops.home],
  'complete-set': [groups.complete, backdrops.home],
};

/** The 800×600 module pictures. */
const modules: Record<string, () => Scene> = {
  ...Object.fromEntries(
    (['boar', 'mixed', 'detangling'] as Bristles[]).map((b) => [
      `brush-${b}`,
      () => stillLife(800, 600, backdrops.home, group([{ d: brush(b), rotate: -8 }]), 0.8),
    ]),
  ),
  ...Object.fromEntries(
    (Object.keys(scents) as (keyof typeof scents)[]).map((scent, i) => [
      `candle-${scent}`,
      () => stillLife(800, 600, backdrops.home, single(candle(scents[scent])), 0.5, [scatter.stones!, scatter.leaves!, scatter.drops!][i]!(190, 540, 1)),
    ]),
  ),
  'before-ana': () =>
    stillLife(800, 600, { wall: '#e6e1da', table: '#e6e1da', floor: 1 }, person({ skin: '#b89684', hair: '#3b2a20', top: '#8b8f9c', spots: true }), 0.72),
  'after-ana': () =>
    stillLife(800, 600, { wall: colour.lilac, table: colour.lilac, floor: 1 }, person({ skin: '#d6a485', hair: '#3b2a20', top: navy, glow: true }), 0.72),
  'expert-okafor': () =>
    stillLife(800, 600, { wall: colour.sand, table: colour.sand, floor: 1 }, person({ skin: '#8d5a3c', hair: '#1d1a1a', top: navy, coat: true }), 0.72),
  'expert-hart': () =>
    stillLife(
      800,
      600,
      { wall: colour.lilac, table: colour.lilac, floor: 1 },
      person({ skin: '#e2b393', hair: '#a8683c', top: accent, coat: true }),
      0.72,
      drop(660, 300, 90, '#9fb1d9'),
    ),
  'ingredient-green-tea': () =>
    stillLife(
      800,
      600,
      backdrops.home,
      group([{ d: { svg: leaf(-150, -60, 170, -25) + leaf(-20, -40, 200, -50) + leaf(10, -30, 160, 10, '#7c9a66'), width: 380, height: 200 } }]),
      0.45,
    ),
  'ingredient-hyaluronic-acid': () =>
    stillLife(
      800,
      600,
      backdrops.skincare,
      group([{ d: { svg: drop(-110, 0, 150) + drop(60, 0, 220, colour.lilacDeep) + drop(190, 0, 110), width: 460, height: 220 } }]),
      0.55,
    ),
  'ingredient-niacinamide': () =>
    stillLife(
      800,
      600,
      backdrops.skincare,
      group([{ d: { svg: crystal(-120, -70, 70) + crystal(30, -100, 100) + crystal(170, -50, 50), width: 440, height: 200 } }]),
      0.5,
    ),
  'ingredient-vitamin-c': () =>
    stillLife(
      800,
      600,
      backdrops.accent,
      group([
        {
          d: {
            svg: ellipse(-120, -110, 110, 110, colour.citrus) + ellipse(-120, -110, 110, 110, 'url(#l)') + citrusSlice(90, -80, 80),
            width: 440,
            height: 220,
          },
        },
      ]),
      0.5,
    ),
  'logo-benefit-corporation': () =>
    stillLife(
      800,
      600,
      { wall: cream, table: cream, floor: 1 },
      {
        svg: `<circle cx="0" cy="-280" r="140" fill="none" stroke="${navy}" stroke-width="18"/><text x="0" y="-220" text-anchor="middle" font-family="Georgia,serif" font-weight="700" font-size="170" fill="${navy}">B</text><rect x="-80" y="-190" width="160" height="12" fill="${navy}"/>`,
        width: 320,
        height: 420,
      },
      0.6,
    ),
  'logo-climate-neutral': () =>
    stillLife(
      800,
      600,
      { wall: cream, table: cream, floor: 1 },
      {
        svg: `<circle cx="0" cy="-160" r="150" fill="${colour.leaf}"/>${leaf(-80, -120, 170, -40, cream)}${path('M-150-160H150', 'none', `stroke="${cream}" stroke-width="6" stroke-opacity=".5"`)}`,
        width: 320,
        height: 320,
      },
      0.6,
    ),
  'conditioner-how-to': () =>
    stillLife(
      800,
      600,
      backdrops.haircare,
      single(products.conditioner(false)),
      0.55,
      strands(80, 0, 240, 400, 7, '#5a3b28') + drop(400, 330, 50),
      Infinity,
      0.68,
    ),
  'hair-mask-how-to': () =>
    stillLife(
      800,
      600,
      backdrops.haircare,
      single(products['hair-mask'](false)),
      0.38,
      strands(70, 0, 220, 400, 7, '#7a4a2c') + drop(370, 300, 60, cream),
      Infinity,
      0.66,
    ),
  'scalp-mask-how-to': () =>
    stillLife(
      800,
      600,
      backdrops.haircare,
      single(products['scalp-mask'](false)),
      0.38,
      strands(50, 0, 130, 380, 4, '#2c211b') + strands(250, 0, 130, 380, 4, '#2c211b'),
      Infinity,
      0.7,
    ),
  'cleanser-texture': () =>
    stillLife(
      800,
      600,
      backdrops.skincare,
      group([
        {
          d: {
            svg:
              path('M-200-40C-220-160-60-220 40-170C160-230 240-120 200-40C160 10-170 20-200-40Z', '#c9cff0') +
              path('M-120-120C-60-170 40-160 80-130', 'none', `stroke="${white}" stroke-width="14" stroke-linecap="round" stroke-opacity=".8"`),
            width: 440,
            height: 220,
          },
        },
      ]),
      0.45,
    ),
  'cleanser-lather': () => stillLife(800, 600, backdrops.skincare, group([{ d: { svg: bubbles(0, -140, 70), width: 420, height: 260 }, shadow: false }]), 0.6),
  'towel-video-fallback': () => stillLife(800, 600, backdrops.home, person({ skin: '#c99a7b', hair: ink, top: navy, towel: true }), 0.78),
  'towel-video-poster-desktop': () =>
    stillLife(800, 600, backdrops.home, person({ skin: '#c99a7b', hair: ink, top: navy, towel: true }), 0.78, foldedTowelAt(140)),
  'towel-video-poster-mobile': () => stillLife(800, 600, backdrops.home, person({ skin: '#c99a7b', hair: ink, top: navy, towel: true }), 0.86),
};

function foldedTowelAt(x: number): string {
  return place(foldedTowel(), x, 560, 0.5).svg;
}

const towelWorn = (breakpoint: 'desktop' | 'mobile'): Scene => {
  const subject = person({ skin: '#c99a7b', hair: ink, top: navy, towel: true });
  const body = breakpoint === 'mobile' ? place(subject, 640, 720, 1.7).svg : place(subject, 820, 720, 1.6).svg + place(foldedTowel(), 300, 660, 0.9).svg;
  return { width: 1280, height: 720, svg: frame(1280, 720, backdrops.home, body, allPatterns) };
};

/** The scene for a file name under /media/, or undefined when none is drawn for it. */
export function sceneFor(name: string): Scene | undefined {
  const base = name.replace(/\.svg$/, '');
  const card = /^card-(.+)$/.exec(base);
  if (card) {
    const found = cards[card[1]!];
    return found ? stillLife(600, 600, found[1], found[0](), 0.64, '', 1.3) : undefined;
  }
  const heroMatch = /^(.+)-hero-(desktop|mobile)$/.exec(base);
  if (heroMatch) {
    const [, subject, breakpoint] = heroMatch as unknown as [string, string, 'desktop' | 'mobile'];
    if (subject === 'towel-worn') return towelWorn(breakpoint);
    const found = heroes[subject];
    return found ? hero(found[0](), found[1], breakpoint, found[2]) : undefined;
  }
  return modules[base]?.();
}

/** A plain picture in the brand's colours for a name no scene draws yet (`npm run artwork` lists them). */
export function fallbackScene(width: number, height: number): Scene {
  return stillLife(width, height, backdrops.home, single(products.shampoo(false)), 0.6);
}

export type { Product };
