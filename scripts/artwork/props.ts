/**
 * What stands around the products: leaves, drops, crystals, citrus, bubbles, hair, people. Drawn in the picture's
 * coordinates (centre and size given), lit by the same light as the products.
 */
import type { Drawn } from './objects.ts';
import { colour, ellipse, lit, n, path, rect } from './svg.ts';

/** A leaf of length `len` from (x, y), turned `angle` degrees, with its vein. */
export function leaf(x: number, y: number, len: number, angle: number, fill: string = colour.leaf): string {
  const w = len * 0.32;
  const d = `M0 0C${n(len * 0.3)} ${n(-w)} ${n(len * 0.72)} ${n(-w)} ${n(len)} 0C${n(len * 0.72)} ${n(w)} ${n(len * 0.3)} ${n(w)} 0 0Z`;
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${angle})">${lit((fill2) => path(d, fill2), fill)}${rect(len * 0.06, -0.8, len * 0.86, 1.6, colour.cream, 0, 'fill-opacity=".5"')}</g>`;
}

/** A drop of water or serum, `size` tall, standing at (x, y). */
export function drop(x: number, y: number, size: number, fill: string = '#9fb1d9'): string {
  const s = size / 100;
  const d = 'M0-100C22-62 38-40 38-18A38 38 0 0 1-38-18C-38-40-22-62 0-100Z';
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${Math.round(s * 1000) / 1000})">${lit((f) => path(d, f), fill)}${ellipse(-14, -26, 8, 12, colour.white, 'fill-opacity=".6"')}</g>`;
}

/** A six-sided crystal (niacinamide) of radius `r` at (x, y). */
export function crystal(x: number, y: number, r: number): string {
  const points = [0, 1, 2, 3, 4, 5].map((i) => `${n(x + r * Math.cos((Math.PI / 3) * i + 0.3))},${n(y + r * Math.sin((Math.PI / 3) * i + 0.3))}`).join(' ');
  return `<polygon points="${points}" fill="${colour.white}" stroke="${colour.navy}" stroke-opacity=".35" stroke-width="3"/><polygon points="${points}" fill="url(#l)"/>`;
}

/** A citrus slice of radius `r` at (x, y): rind, flesh and its segments. */
export function citrusSlice(x: number, y: number, r: number): string {
  let spokes = '';
  for (let i = 0; i < 8; i++) {
    const a = (Math.PI / 4) * i;
    spokes += `M${n(x)} ${n(y)}L${n(x + r * 0.8 * Math.cos(a))} ${n(y + r * 0.8 * Math.sin(a))}`;
  }
  return (
    ellipse(x, y, r, r, colour.citrus) +
    ellipse(x, y, r * 0.86, r * 0.86, '#f3b35e') +
    `<path d="${spokes}" stroke="${colour.cream}" stroke-width="${n(r * 0.06)}"/>` +
    ellipse(x, y, r, r, 'url(#l)')
  );
}

/** A cluster of bubbles (a lather) around (x, y). */
export function bubbles(x: number, y: number, r: number): string {
  const spots: [number, number, number][] = [
    [0, 0, 1],
    [-1.3, 0.4, 0.7],
    [1.2, 0.5, 0.8],
    [-0.5, -1.1, 0.6],
    [0.8, -0.9, 0.5],
    [-2, -0.5, 0.4],
    [2.1, -0.3, 0.45],
    [0.2, 1.3, 0.55],
  ];
  return spots
    .map(([dx, dy, k]) => {
      const cx = x + dx * r;
      const cy = y + dy * r;
      return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(k * r)}" fill="${colour.white}" fill-opacity=".7" stroke="${colour.lilacDeep}" stroke-width="3"/>${ellipse(cx - k * r * 0.35, cy - k * r * 0.4, k * r * 0.2, k * r * 0.14, colour.white)}`;
    })
    .join('');
}

/** Wavy strands of hair falling from the top edge, from x0 across `width`, `count` strands. */
export function strands(x0: number, top: number, width: number, length: number, count: number, tone: string): string {
  let d = '';
  for (let i = 0; i < count; i++) {
    const x = x0 + (width / (count - 1)) * i;
    const sway = (i % 2 ? 1 : -1) * 18;
    d += `M${n(x)} ${n(top)}C${n(x + sway)} ${n(top + length * 0.33)} ${n(x - sway)} ${n(top + length * 0.66)} ${n(x + sway * 0.5)} ${n(top + length)}`;
  }
  return `<path d="${d}" fill="none" stroke="${tone}" stroke-width="10" stroke-linecap="round"/>`;
}

/** A person from the shoulders up, facing us: for portraits and before-and-after pictures. */
export interface Person {
  skin: string;
  hair: string;
  top: string;
  /** A lab coat over the top. */
  coat?: boolean;
  /** A towel wrapped over the hair. */
  towel?: boolean;
  /** Light on the cheeks (an after picture). */
  glow?: boolean;
  /** A few spots (a before picture). */
  spots?: boolean;
}

export function person(p: Person): Drawn {
  const shoulders = (fill: string) => path('M-200 0C-200-92-128-134-62-146H62C128-134 200-92 200 0Z', fill);
  let svg = p.towel ? '' : ellipse(0, -262, 100, 118, p.hair) + rect(-100, -262, 200, 150, p.hair, 40);
  svg += lit(shoulders, p.coat ? colour.white : p.top);
  if (p.coat) svg += path('M-62-146L0-36L62-146Z', p.top) + path('M-62-146L-30-60L-8-146Z', '#e9ebf2') + path('M62-146L30-60L8-146Z', '#e9ebf2');
  svg += rect(-28, -182, 56, 46, p.skin, 10) + lit((f) => ellipse(0, -258, 76, 96, f), p.skin);
  if (p.towel) {
    svg +=
      lit((f) => path('M-92-270C-104-372 104-382 92-270C70-300-70-300-92-270Z', f), colour.sand) +
      path('M-40-352C0-372 40-366 60-340C20-350-10-346-40-352Z', colour.navy, 'fill-opacity=".8"');
  } else {
    svg += path('M-80-276C-74-362 74-372 82-280C54-318-44-322-80-276Z', p.hair);
  }
  svg += ellipse(-28, -262, 7, 5, colour.ink, 'fill-opacity=".7"') + ellipse(28, -262, 7, 5, colour.ink, 'fill-opacity=".7"');
  svg += path('M-20-214Q0-202 20-214', 'none', `stroke="${colour.accent}" stroke-width="5" stroke-linecap="round"`);
  if (p.glow) svg += ellipse(-44, -232, 20, 13, colour.white, 'fill-opacity=".35"') + ellipse(44, -232, 20, 13, colour.white, 'fill-opacity=".3"');
  if (p.spots) svg += [-46, -36, 40, 50, 30].map((x, i) => ellipse(x, -228 - (i % 3) * 9, 3.2, 3.2, '#9b6a58', 'fill-opacity=".8"')).join('');
  return { svg, width: 400, height: 380 };
}
