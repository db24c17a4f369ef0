/**
 * The artwork's drawing kit: the brand's colours (renderer/styles/tokens.css), one light (from the upper left) and one
 * shadow shared by every picture, and the frame each picture is drawn in. Numbers are written with at most one
 * decimal, so the files stay small and the same on every run.
 */

/** The brand's colours and the few material tones the objects are made of. */
export const colour = {
  navy: '#27306b',
  navyDeep: '#1b2250',
  accent: '#8c3a26',
  accentSoft: '#b86a4f',
  cream: '#fbf8f4',
  sand: '#f3eee6',
  sandDeep: '#e4dfd7',
  lilac: '#eceefa',
  lilacDeep: '#cdd2ee',
  ink: '#1d2433',
  muted: '#4b5262',
  white: '#ffffff',
  wood: '#b98a5e',
  woodDeep: '#8a5f3a',
  metal: '#b8bcc6',
  leaf: '#5f7f4f',
  citrus: '#e0913a',
  skin: '#c99a7b',
} as const;

/** A backdrop: the wall, the table it meets at `floor` (a fraction of the height). */
export interface Backdrop {
  wall: string;
  table: string;
  floor: number;
}

export const backdrops = {
  haircare: { wall: colour.sand, table: colour.sandDeep, floor: 0.78 },
  skincare: { wall: colour.lilac, table: colour.lilacDeep, floor: 0.78 },
  home: { wall: colour.cream, table: colour.sand, floor: 0.78 },
  accent: { wall: '#f1e3dc', table: '#e2cabd', floor: 0.78 },
} satisfies Record<string, Backdrop>;

/** A number as the files write it: at most one decimal. */
export const n = (value: number): string => String(Math.round(value * 10) / 10);

/** An element's attributes, numbers rounded; `undefined` leaves one out. */
export function attrs(list: Record<string, string | number | undefined>): string {
  return Object.entries(list)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}="${typeof value === 'number' ? n(value) : value}"`)
    .join(' ');
}

export const rect = (x: number, y: number, width: number, height: number, fill: string, rx = 0, extra = ''): string =>
  `<rect ${attrs({ x, y, width, height, rx: rx || undefined, fill })}${extra ? ` ${extra}` : ''}/>`;

export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string =>
  `<ellipse ${attrs({ cx, cy, rx, ry, fill })}${extra ? ` ${extra}` : ''}/>`;

export const path = (d: string, fill: string, extra = ''): string => `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

/**
 * A body in its colour, then the shared light over it: lighter on the left, shaded on the right. Every object is lit
 * the same way because every one uses this.
 */
export function lit(shape: (fill: string) => string, fill: string): string {
  return shape(fill) + shape('url(#l)');
}

/** The shared definitions: the light (#l), the contact shadow (#s), the wall's glow (#g). */
const defs =
  '<defs>' +
  '<linearGradient id="l"><stop offset="0" stop-color="#fff" stop-opacity=".32"/><stop offset=".3" stop-color="#fff" stop-opacity="0"/>' +
  '<stop offset=".68" stop-color="#1d2433" stop-opacity="0"/><stop offset="1" stop-color="#1d2433" stop-opacity=".26"/></linearGradient>' +
  '<radialGradient id="s"><stop offset="0" stop-color="#1d2433" stop-opacity=".3"/><stop offset="1" stop-color="#1d2433" stop-opacity="0"/></radialGradient>' +
  '<radialGradient id="g" cx=".3" cy=".25" r=".75"><stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>' +
  '</defs>';

/** The picture: wall with the light's glow, the table, then what stands on it. `extraDefs` adds patterns. */
export function frame(width: number, height: number, backdrop: Backdrop, body: string, extraDefs = ''): string {
  const floorY = Math.round(height * backdrop.floor);
  const withDefs = extraDefs ? defs.replace('</defs>', `${extraDefs}</defs>`) : defs;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    withDefs +
    rect(0, 0, width, height, backdrop.wall) +
    rect(0, 0, width, height, 'url(#g)') +
    rect(0, floorY, width, height - floorY, backdrop.table) +
    rect(0, floorY, width, 2, colour.ink, 0, 'fill-opacity=".06"') +
    body +
    '</svg>\n'
  );
}

/** The soft shadow an object of width `width` casts on the table at `y` (the light is above, a little to the left). */
export const shadow = (cx: number, y: number, width: number): string => ellipse(cx + width * 0.06, y, width * 0.62, Math.max(6, width * 0.09), 'url(#s)');
