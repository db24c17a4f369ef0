/**
 * The objects the shop sells, each drawn once in its own coordinates: the origin is the middle of its base, up is
 * negative y. A custom product carries a printed label with a blank line where the shopper's name goes; `label` is
 * that line's box, so the picture component can write the name there (ui/artwork-labels.ts).
 */
import { colour, ellipse, lit, path, rect } from './svg.ts';

/** A box in the object's (or the picture's) coordinates. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An object ready to place: its drawing, its size, and where the shopper's name goes on it (custom products). */
export interface Drawn {
  svg: string;
  width: number;
  height: number;
  label?: Box;
}

/** How a product looks: its body and its closure (pump, cap, lid, bulb), and whether its label has a line for a name. */
export interface Finish {
  body: string;
  closure: string;
  named?: boolean;
}

/**
 * The printed label: the brand's mark, the name line (blank when `named`: the shopper's name is written there), a rule,
 * the product's line and its details. Returns the drawing and the name line's box.
 */
function printedLabel(x: number, y: number, width: number, height: number, named: boolean): { svg: string; name: Box } {
  const pad = width * 0.08;
  const name = { x: x + pad, y: y + height * 0.15, width: width - 2 * pad, height: height * 0.3 };
  const cx = x + width / 2;
  let svg = rect(x, y, width, height, colour.cream, Math.min(6, width * 0.05));
  svg += rect(cx - width * 0.14, y + height * 0.06, width * 0.28, Math.max(2.5, height * 0.025), colour.accent);
  if (!named) svg += rect(cx - width * 0.26, name.y + name.height * 0.32, width * 0.52, name.height * 0.36, colour.navy, 2);
  svg += rect(cx - width * 0.3, y + height * 0.52, width * 0.6, 1.5, colour.ink, 0, 'fill-opacity=".35"');
  svg += rect(cx - width * 0.34, y + height * 0.62, width * 0.68, Math.max(4, height * 0.055), colour.navy, 2);
  svg += rect(cx - width * 0.22, y + height * 0.75, width * 0.44, Math.max(3, height * 0.04), colour.ink, 2, 'fill-opacity=".3"');
  return { svg, name };
}

function withLabel(base: string, finish: Finish, panel: Box, shade: string, width: number, height: number): Drawn {
  const label = printedLabel(panel.x, panel.y, panel.width, panel.height, finish.named ?? false);
  // The light goes over the label too (`shade`: the body's outline in the light's fill), so it sits on the body.
  return { svg: base + label.svg + shade, width, height, ...(finish.named ? { label: label.name } : {}) };
}

/** A pump bottle: shampoo, conditioner, cleanser. */
export function pumpBottle(finish: Finish): Drawn {
  const body = (fill: string) => rect(-62, -225, 124, 225, fill, 18);
  const base =
    body(finish.body) +
    rect(-20, -243, 40, 22, finish.closure, 4) +
    rect(-6, -268, 12, 28, finish.closure) +
    rect(-24, -286, 48, 20, finish.closure, 6) +
    rect(14, -281, 46, 10, finish.closure, 5);
  return withLabel(base, finish, { x: -48, y: -178, width: 96, height: 126 }, body('url(#l)') + rect(-24, -286, 48, 20, 'url(#l)', 6), 124, 286);
}

/** A squeeze tube standing on its cap: curl cream, styling gel, leave-in conditioner. */
export function tube(finish: Finish): Drawn {
  const body = (fill: string) => path('M-44-40C-52-120-66-220-64-292H64C66-220 52-120 44-40Z', fill);
  const base =
    rect(-36, -44, 72, 44, finish.closure, 8) +
    body(finish.body) +
    rect(-67, -310, 134, 22, finish.body, 3) +
    rect(-67, -304, 134, 2, colour.ink, 0, 'fill-opacity=".18"') +
    rect(-67, -297, 134, 2, colour.ink, 0, 'fill-opacity=".18"');
  return withLabel(base, finish, { x: -46, y: -258, width: 92, height: 120 }, body('url(#l)') + rect(-36, -44, 72, 44, 'url(#l)', 8), 134, 310);
}

/** A wide jar with a lid: hair mask, scalp mask, moisturizer. */
export function jar(finish: Finish): Drawn {
  const body = (fill: string) => rect(-105, -124, 210, 124, fill, 20);
  const lid = (fill: string) => rect(-112, -176, 224, 56, fill, 12);
  const base = body(finish.body) + lid(finish.closure) + rect(-112, -134, 224, 3, colour.ink, 0, 'fill-opacity=".15"');
  return withLabel(base, finish, { x: -88, y: -116, width: 176, height: 106 }, body('url(#l)') + lid('url(#l)'), 224, 176);
}

/** A dropper bottle of glass: hair oil, scalp serum, serum. */
export function dropperBottle(finish: Finish): Drawn {
  const body = (fill: string) => rect(-60, -184, 120, 184, fill, 24);
  const base =
    body(finish.body) +
    rect(-48, -170, 9, 130, colour.white, 4, 'fill-opacity=".3"') +
    rect(-22, -202, 44, 22, colour.ink, 6) +
    rect(-28, -220, 56, 22, finish.closure, 6) +
    path('M-17-218V-266a17 17 0 0 1 34 0V-218Z', finish.closure);
  return withLabel(
    base,
    finish,
    { x: -44, y: -144, width: 88, height: 112 },
    body('url(#l)') + path('M-17-218V-266a17 17 0 0 1 34 0V-218Z', 'url(#l)'),
    120,
    283,
  );
}

/** A spray can: dry shampoo. */
export function sprayCan(finish: Finish): Drawn {
  const body = (fill: string) => path('M-52 0V-252Q-52-292 0-294Q52-292 52-252V0Z', fill);
  const base =
    body(finish.body) +
    rect(-24, -322, 48, 32, finish.closure, 7) +
    rect(-34, -314, 12, 7, finish.closure, 2) +
    rect(-52, -252, 104, 3, colour.ink, 0, 'fill-opacity=".15"');
  return withLabel(base, finish, { x: -44, y: -206, width: 88, height: 124 }, body('url(#l)') + rect(-24, -322, 48, 32, 'url(#l)', 7), 104, 322);
}

/** A round bottle of capsules with a ridged cap: hair supplements. */
export function supplementBottle(finish: Finish): Drawn {
  const body = (fill: string) => rect(-68, -184, 136, 184, fill, 22);
  let ridges = '';
  for (let x = -42; x <= 42; x += 12) ridges += rect(x, -218, 3, 34, colour.ink, 0, 'fill-opacity=".12"');
  const base = body(finish.body) + rect(-50, -222, 100, 44, finish.closure, 8) + ridges;
  return withLabel(base, finish, { x: -56, y: -152, width: 112, height: 116 }, body('url(#l)'), 136, 222);
}

/** A stand-up refill pouch: supplement refills. */
export function pouch(finish: Finish): Drawn {
  const body = (fill: string) => path('M-96 0L-102-272Q-102-284-90-284H90Q102-284 102-272L96 0Z', fill);
  const base =
    body(finish.body) +
    rect(-98, -258, 196, 4, colour.ink, 0, 'fill-opacity=".18"') +
    path('M-102-236l10 5-10 5Z', colour.ink, 'fill-opacity=".2"') +
    rect(-96, -14, 192, 3, colour.ink, 0, 'fill-opacity=".12"');
  return withLabel(base, finish, { x: -72, y: -222, width: 144, height: 140 }, body('url(#l)'), 204, 284);
}

/** A candle poured in a tinted glass tumbler, its scent's tone on glass and label. */
export function candle(tone: string): Drawn {
  const glass = (fill: string) => rect(-82, -184, 164, 184, fill, 16);
  const svg =
    glass(tone) +
    rect(-82, -184, 164, 40, colour.white, 16, 'fill-opacity=".18"') +
    rect(-72, -170, 144, 14, colour.cream, 4, 'fill-opacity=".9"') +
    rect(-2, -196, 4, 28, colour.ink) +
    path('M0-236C10-220 14-210 14-202A14 14 0 0 1-14-202C-14-210-10-220 0-236Z', colour.citrus) +
    path('M0-222C5-214 7-209 7-204A7 7 0 0 1-7-204C-7-209-5-214 0-222Z', '#f6d58a') +
    rect(-58, -126, 116, 78, colour.cream, 5) +
    rect(-20, -114, 40, 3, colour.accent) +
    rect(-40, -96, 80, 9, tone, 2) +
    rect(-26, -78, 52, 4, colour.ink, 2, 'fill-opacity=".3"') +
    rect(-70, -160, 8, 140, colour.white, 4, 'fill-opacity=".25"') +
    glass('url(#l)');
  return { svg, width: 164, height: 236 };
}

/** The bristles a brush carries, as a pattern id (see `brushPatterns`). */
export type Bristles = 'boar' | 'mixed' | 'detangling';

/** The bristle patterns, one small tile each: boar is dense and warm, mixed adds pale nylon pins, detangling is sparse tipped metal. */
export const brushPatterns: Record<Bristles, string> = {
  boar: `<pattern id="boar" width="10" height="10" patternUnits="userSpaceOnUse">${rect(0, 0, 10, 10, '#3b2a20')}${ellipse(5, 5, 3.4, 3.4, '#c9a27a')}</pattern>`,
  mixed: `<pattern id="mixed" width="20" height="20" patternUnits="userSpaceOnUse">${rect(0, 0, 20, 20, '#3b2a20')}${ellipse(5, 5, 3.2, 3.2, '#c9a27a')}${ellipse(15, 15, 3.2, 3.2, '#c9a27a')}${ellipse(15, 5, 4.2, 4.2, colour.cream)}${ellipse(15, 5, 1.8, 1.8, colour.ink)}${ellipse(5, 15, 4.2, 4.2, colour.cream)}${ellipse(5, 15, 1.8, 1.8, colour.ink)}</pattern>`,
  detangling: `<pattern id="detangling" width="22" height="22" patternUnits="userSpaceOnUse">${rect(0, 0, 22, 22, colour.navy)}${ellipse(11, 11, 4.6, 4.6, colour.metal)}${ellipse(11, 11, 2.6, 2.6, colour.ink)}</pattern>`,
};

/** A wooden paddle brush seen from the front, bristles showing; stands on its handle's end. Its pattern must be in the picture's defs. */
export function brush(bristles: Bristles): Drawn {
  const head = (fill: string) => ellipse(0, -300, 98, 124, fill);
  const handle = (fill: string) => rect(-22, -196, 44, 196, fill, 20);
  const svg =
    handle(colour.wood) +
    handle('url(#l)') +
    rect(-6, -28, 12, 12, colour.woodDeep, 6) +
    head(colour.wood) +
    ellipse(0, -300, 80, 106, `url(#${bristles})`) +
    head('url(#l)');
  return { svg, width: 196, height: 424 };
}

/** A folded towel, three folds high, with the shop's navy band at its edge. */
export function foldedTowel(tone = '#d9c6ae'): Drawn {
  const fold = (x: number, y: number, w: number) =>
    lit((fill) => rect(x, y, w, 58, fill, 24), tone) + rect(x + w - 52, y, 14, 58, colour.navy, 0, 'fill-opacity=".85"');
  const svg = fold(-160, -58, 320) + fold(-150, -114, 300) + fold(-140, -170, 280) + rect(-140, -170, 280, 4, colour.white, 2, 'fill-opacity=".5"');
  return { svg, width: 320, height: 170 };
}

/** The digital gift card, tilted, with its ribbon. */
export function giftCard(): Drawn {
  const card = (fill: string) => rect(-160, -200, 320, 200, fill, 16);
  const svg =
    '<g transform="rotate(-6 0 -100)">' +
    card(colour.navy) +
    rect(-160, -118, 320, 18, colour.accent) +
    rect(60, -200, 18, 200, colour.accent) +
    rect(-128, -172, 110, 12, colour.cream, 3) +
    rect(-128, -150, 70, 7, colour.cream, 3, 'fill-opacity=".6"') +
    ellipse(52, -118, 30, 16, colour.accentSoft, 'transform="rotate(-25 52 -118)"') +
    ellipse(88, -118, 30, 16, colour.accentSoft, 'transform="rotate(25 88 -118)"') +
    ellipse(69, -109, 12, 12, colour.accent) +
    card('url(#l)') +
    '</g>';
  return { svg, width: 330, height: 220 };
}

/** A gift box with its ribbon, for the sets. */
export function giftBox(): Drawn {
  const box = (fill: string) => rect(-170, -150, 340, 150, fill, 10);
  const svg = box('#dccab2') + rect(-180, -176, 360, 36, '#cdb89b', 8) + rect(-14, -176, 28, 176, colour.accent) + box('url(#l)');
  return { svg, width: 360, height: 176 };
}

/** A pedestal for a hero's product: a low plinth in the wall's family. */
export function plinth(width: number, tone: string): Drawn {
  const svg = lit((fill) => rect(-width / 2, -70, width, 70, fill, 6), tone) + rect(-width / 2, -70, width, 8, colour.white, 4, 'fill-opacity=".45"');
  return { svg, width, height: 70 };
}
