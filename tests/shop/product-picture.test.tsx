import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductPicture } from '../../ui/product-picture';
import { artworkLabels } from '../../ui/artwork-labels';

const shampoo = { src: '/media/card-shampoo.svg', width: 600, height: 600 };

describe('ProductPicture: a product picture that never shifts the page, with the shopper’s name on a custom product’s label', () => {
  it('draws a sized <img>, lazy and decoded off the main thread unless asked otherwise', () => {
    render(<ProductPicture {...shampoo} alt="Custom Shampoo bottle" sizes="(min-width: 64em) 33vw, 100vw" />);
    const img = screen.getByRole('img', { name: 'Custom Shampoo bottle' });
    expect(img.getAttribute('width')).toBe('600');
    expect(img.getAttribute('height')).toBe('600');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.getAttribute('sizes')).toBe('(min-width: 64em) 33vw, 100vw');
    expect(document.querySelector('[data-testid="picture-label"]')).toBeNull();
  });

  it('loads eagerly with a high priority when the picture is on the first screen', () => {
    render(<ProductPicture {...shampoo} alt="" loading="eager" fetchPriority="high" className="card__picture" />);
    const img = document.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.parentElement!.className).toBe('product-picture card__picture');
  });

  it('writes the name in the middle of the label’s blank line, hidden from screen readers, and says it in the alt', () => {
    render(<ProductPicture {...shampoo} alt="Custom Shampoo bottle" label=" Maya " />);
    expect(screen.getByRole('img', { name: 'Custom Shampoo bottle, with the name Maya on its label' })).toBeTruthy();
    const label = screen.getByTestId('picture-label');
    expect(label.getAttribute('aria-hidden')).toBe('true');
    expect(label.getAttribute('viewBox')).toBe('0 0 600 600');
    const text = label.querySelector('text')!;
    expect(text.textContent).toBe('Maya');
    const line = artworkLabels[shampoo.src]!;
    expect(Number(text.getAttribute('x'))).toBeCloseTo((line.x + line.width / 2) * 600, 0);
    expect(Number(text.getAttribute('y'))).toBeCloseTo((line.y + line.height / 2) * 600, 0);
    expect(Number(text.getAttribute('font-size'))).toBeLessThanOrEqual(line.height * 600);
  });

  it('keeps an alt that already names the shopper, and an empty alt empty (the card’s name says it)', () => {
    const { unmount } = render(<ProductPicture {...shampoo} alt="Maya’s Custom Shampoo" label="Maya" />);
    expect(screen.getByRole('img').getAttribute('alt')).toBe('Maya’s Custom Shampoo');
    unmount();
    render(<ProductPicture {...shampoo} alt="" label="Maya" />);
    expect(document.querySelector('img')!.getAttribute('alt')).toBe('');
    expect(screen.getByTestId('picture-label').textContent).toBe('Maya');
  });

  it('squeezes a long name to its line instead of spilling over the bottle', () => {
    render(<ProductPicture {...shampoo} alt="" label="Maximiliana-Josephine" />);
    const text = screen.getByTestId('picture-label').querySelector('text')!;
    expect(Number(text.getAttribute('textLength'))).toBeLessThanOrEqual(artworkLabels[shampoo.src]!.width * 600);
    expect(text.getAttribute('lengthAdjust')).toBe('spacingAndGlyphs');
  });

  it('writes no name on a picture without a label line (a brush), nor for an empty name', () => {
    const { unmount } = render(<ProductPicture src="/media/card-brush.svg" alt="Hairbrush" width={600} height={600} label="Maya" />);
    expect(screen.queryByTestId('picture-label')).toBeNull();
    expect(screen.getByRole('img').getAttribute('alt')).toBe('Hairbrush');
    unmount();
    render(<ProductPicture {...shampoo} alt="Custom Shampoo bottle" label="  " />);
    expect(screen.queryByTestId('picture-label')).toBeNull();
  });
});
