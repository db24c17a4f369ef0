import { artworkLabels, type LabelBox } from './artwork-labels.ts';
import './product-picture.css';

/** What a product picture shows and how it loads. */
export interface ProductPictureProps {
  /** The picture, e.g. `/media/card-shampoo.svg` (a catalogue product's `picture.src`). */
  src: string;
  /** What it shows; `''` when the name beside it says it all (a product card). */
  alt: string;
  /** The picture's own size in pixels (the catalogue's `picture.width`/`height`): the box is held at this ratio, so nothing moves when it loads. */
  width: number;
  height: number;
  /** The shopper's first name, written on the bottle's label (custom products, whose pictures have a name line). */
  label?: string | undefined;
  sizes?: string | undefined;
  /** `lazy` unless the picture is on the first screen. */
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high' | 'low' | 'auto';
  className?: string | undefined;
}

/**
 * A product's picture in a box that keeps its ratio. With `label`, the name is written on the label of a custom
 * product's bottle, jar or tube, where the artwork leaves a blank line (ui/artwork-labels.ts, written by
 * `npm run artwork`); a picture with no such line shows no name. The written name is part of the picture, so it is
 * hidden from screen readers and the alt says it instead ("Custom Shampoo bottle, with the name Maya on its label"),
 * unless the alt is empty (a decorative picture beside its name) or already names the shopper.
 */
export function ProductPicture({ src, alt, width, height, label, sizes, loading = 'lazy', fetchPriority, className }: ProductPictureProps) {
  const name = label?.trim() ?? '';
  const box = name ? artworkLabels[src] : undefined;
  const described = box && alt && !alt.includes(name) ? `${alt}, with the name ${name} on its label` : alt;
  return (
    <span className={className ? `product-picture ${className}` : 'product-picture'}>
      <img
        className="product-picture__img"
        src={src}
        alt={described}
        width={width}
        height={height}
        sizes={sizes}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
      />
      {box ? <LabelName name={name} box={box} width={width} height={height} /> : null}
    </span>
  );
}

/**
 * The name drawn over the picture in the picture's own coordinates (an SVG the size of the box), so it scales with the
 * picture at any size. Its size fits the line: as large as the line's height allows, narrower for a long name.
 */
function LabelName({ name, box, width, height }: { name: string; box: LabelBox; width: number; height: number }) {
  const lineWidth = box.width * width;
  const lineHeight = box.height * height;
  // A serif's average letter is about 0.55 of its size; `textLength` squeezes a name still too long to fit.
  const fontSize = Math.min(lineHeight * 0.7, lineWidth / (Math.max(name.length, 1) * 0.55));
  const tooLong = name.length * fontSize * 0.55 > lineWidth * 0.96;
  return (
    <svg className="product-picture__label" viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false" data-testid="picture-label">
      <text
        className="product-picture__name"
        x={(box.x + box.width / 2) * width}
        y={(box.y + box.height / 2) * height}
        fontSize={round(fontSize)}
        textAnchor="middle"
        dominantBaseline="central"
        {...(tooLong ? { textLength: round(lineWidth * 0.96), lengthAdjust: 'spacingAndGlyphs' } : {})}
      >
        {name}
      </text>
    </svg>
  );
}

const round = (value: number) => Math.round(value * 10) / 10;
