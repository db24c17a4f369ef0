/**
 * Placing objects: a group stands several objects on one base line (back ones first, each with its shadow), and a
 * placed group gives its label box in the picture's own coordinates.
 */
import type { Box, Drawn } from './objects.ts';
import { n, shadow } from './svg.ts';

/** One object in a group: moved `dx` along the base line (and `dy` up or down), scaled, maybe tilted; `named`: its label is the group's. */
export interface Member {
  d: Drawn;
  dx?: number;
  dy?: number;
  s?: number;
  rotate?: number;
  named?: boolean;
  shadow?: boolean;
}

const s3 = (value: number) => String(Math.round(value * 1000) / 1000);

function mapBox(box: Box, dx: number, dy: number, s: number): Box {
  return { x: dx + box.x * s, y: dy + box.y * s, width: box.width * s, height: box.height * s };
}

/** Objects side by side on one base line, drawn in the order given (list the back ones first). */
export function group(members: readonly Member[]): Drawn {
  let svg = '';
  let left = 0;
  let right = 0;
  let top = 0;
  let label: Box | undefined;
  for (const m of members) {
    const { dx = 0, dy = 0, s = 1 } = m;
    if (m.shadow !== false) svg += shadow(dx, dy, m.d.width * s);
    const turn = m.rotate ? ` rotate(${m.rotate})` : '';
    svg += `<g transform="translate(${n(dx)} ${n(dy)})${turn} scale(${s3(s)})">${m.d.svg}</g>`;
    left = Math.min(left, dx - (m.d.width * s) / 2);
    right = Math.max(right, dx + (m.d.width * s) / 2);
    top = Math.min(top, dy - m.d.height * s);
    // A tilted object's label would be tilted too: only upright ones carry the name.
    if (m.named && m.d.label && !m.rotate) label = mapBox(m.d.label, dx, dy, s);
  }
  return { svg, width: Math.max(-left, right) * 2, height: -top, ...(label ? { label } : {}) };
}

/** A drawn thing placed in the picture with its base's middle at (`cx`, `baseY`), scaled: its drawing and its label box there. */
export function place(d: Drawn, cx: number, baseY: number, s: number): { svg: string; label?: Box } {
  const svg = `<g transform="translate(${n(cx)} ${n(baseY)}) scale(${s3(s)})">${d.svg}</g>`;
  return { svg, ...(d.label ? { label: mapBox(d.label, cx, baseY, s) } : {}) };
}

/** The scale at which a drawn thing fills at most `width` × `height`. */
export const fit = (d: Drawn, width: number, height: number): number => Math.min(width / d.width, height / d.height);
