// Written by `npm run artwork` (scripts/artwork.ts) with the pictures it draws: do not edit by hand.

/** The blank line a custom product’s label leaves for the shopper’s name, in fractions of the picture (0 to 1 from its top left). */
export interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The name line of every picture that has one, by the picture’s src. */
export const artworkLabels: Readonly<Record<string, LabelBox>> = {
  '/media/card-cleanser.svg': { x: 0.4126, y: 0.5053, width: 0.1747, height: 0.0819 },
  '/media/card-conditioner.svg': { x: 0.4126, y: 0.5053, width: 0.1747, height: 0.0819 },
  '/media/card-curl-cream.svg': { x: 0.4202, y: 0.3545, width: 0.1595, height: 0.0743 },
  '/media/card-dry-shampoo.svg': { x: 0.4265, y: 0.4775, width: 0.1469, height: 0.0739 },
  '/media/card-hair-density-set.svg': { x: 0.4126, y: 0.5573, width: 0.1747, height: 0.0819 },
  '/media/card-hair-mask.svg': { x: 0.3398, y: 0.6331, width: 0.3203, height: 0.0689 },
  '/media/card-hair-oil.svg': { x: 0.4199, y: 0.5744, width: 0.1602, height: 0.0728 },
  '/media/card-leavein-conditioner.svg': { x: 0.4202, y: 0.3545, width: 0.1595, height: 0.0743 },
  '/media/card-moisturizer.svg': { x: 0.3398, y: 0.6331, width: 0.3203, height: 0.0689 },
  '/media/card-scalp-mask.svg': { x: 0.3398, y: 0.6331, width: 0.3203, height: 0.0689 },
  '/media/card-scalp-serum.svg': { x: 0.4199, y: 0.5744, width: 0.1602, height: 0.0728 },
  '/media/card-serum.svg': { x: 0.4199, y: 0.5744, width: 0.1602, height: 0.0728 },
  '/media/card-shampoo.svg': { x: 0.4126, y: 0.5053, width: 0.1747, height: 0.0819 },
  '/media/card-styling-gel.svg': { x: 0.4202, y: 0.3545, width: 0.1595, height: 0.0743 },
  '/media/card-supplement-core.svg': { x: 0.5497, y: 0.6017, width: 0.2038, height: 0.0754 },
  '/media/card-supplements-pouch.svg': { x: 0.5206, y: 0.4578, width: 0.2621, height: 0.091 },
};
