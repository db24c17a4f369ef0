import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Icon, type IconName } from '../ui/icons';
import { Notice } from '../ui/notice';
import { PriceLines } from '../ui/price-lines';
import { ProductPicture } from '../ui/product-picture';
import { at } from './support/viewports';
import '../app/styles/app.css';
import './design-system.css';

const colours = [
  ['--color-ink', 'Ink: text'],
  ['--color-ink-muted', 'Muted ink: secondary text'],
  ['--color-brand', 'Brand: primary buttons, links'],
  ['--color-brand-tint', 'Brand tint: hover, info'],
  ['--color-accent', 'Accent: eyebrows, stars'],
  ['--color-bg', 'Background'],
  ['--color-surface', 'Surface: cards, header'],
  ['--color-sand', 'Sand: tips, footer'],
  ['--color-line', 'Line: field borders'],
  ['--color-line-soft', 'Soft line: card borders'],
  ['--color-error', 'Error'],
  ['--color-success', 'Success'],
  ['--color-disabled', 'Disabled'],
] as const;
const icons: IconName[] = ['bag', 'bagFull', 'person', 'menu', 'close', 'lock', 'back', 'check'];

/**
 * The design system (ui/README.md) on one page: colours, type, buttons in every state, form fields, cards, notices,
 * badges, price lines, icons and product pictures. What a designer checks a change against.
 */
function DesignSystem() {
  return (
    <div className="page">
      <h1>Design system</h1>
      <p>One visual language for every page of the shop and both flows. Tokens and classes are in ui/; see ui/README.md.</p>

      <h2>Colour</h2>
      <ul className="ds-swatches">
        {colours.map(([token, use]) => (
          <li key={token}>
            <span className="ds-swatch" style={{ background: `var(${token})` }} />
            <code>{token}</code>
            <span>{use}</span>
          </li>
        ))}
      </ul>

      <h2>Type</h2>
      <div className="card">
        <h1 className="ds-no-margin">Display heading (h1)</h1>
        <h2>Section heading (h2)</h2>
        <h3>Sub-heading (h3)</h3>
        <p>
          Body text in the body face, set on the page: every page, every flow. <a href="#type">A link</a> reads in the brand colour, underlined.
        </p>
        <p className="ds-small">Small text for hints and notes.</p>
      </div>

      <h2>Buttons</h2>
      <div className="ds-row">
        <button type="button" className="button button--primary">
          Primary
        </button>
        <button type="button" className="button button--secondary">
          Secondary
        </button>
        <button type="button" className="button button--quiet">
          Quiet
        </button>
        <button type="button" className="button button--primary" disabled>
          Disabled
        </button>
        <button type="button" className="button button--primary" aria-disabled="true" aria-busy="true">
          Busy <span className="button__spinner" aria-hidden="true" />
        </button>
        <button type="button" className="button button--secondary button--small">
          Small
        </button>
      </div>
      <p>
        <a className="button button--primary button--block" href="#buttons">
          A block link styled as the primary button
        </a>
      </p>

      <h2>Form fields</h2>
      <div className="ds-fields">
        <div className="field">
          <label className="field__label" htmlFor="ds-name">
            Name on card
          </label>
          <input className="field__input" id="ds-name" defaultValue="Maya Bench" />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="ds-zip">
            ZIP code
          </label>
          <input className="field__input field__input--short" id="ds-zip" aria-describedby="ds-zip-hint" />
          <p className="field__hint" id="ds-zip-hint">
            Five digits, such as 78701.
          </p>
        </div>
        <div className="field field--invalid">
          <label className="field__label" htmlFor="ds-email">
            E-mail
          </label>
          <input className="field__input" id="ds-email" defaultValue="maya@" aria-invalid="true" aria-describedby="ds-email-error" />
          <p className="field__error" id="ds-email-error">
            Enter an e-mail address such as maya@example.com.
          </p>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="ds-frequency">
            Deliver every
          </label>
          <select className="field__input field__input--short" id="ds-frequency" defaultValue="4">
            <option value="4">4 weeks</option>
            <option value="8">8 weeks</option>
          </select>
        </div>
      </div>

      <h2>Cards, badges and price lines</h2>
      <div className="ds-cards">
        <div className="card">
          <p>
            <span className="badge">Subscribe & save 15%</span> <span className="badge badge--accent">New</span>{' '}
            <span className="badge badge--sold-out">Sold out</span>
          </p>
          <PriceLines
            rows={[
              { label: 'Subtotal', amount: '$64' },
              { label: 'Subscription savings', amount: '−$9.60', saving: true },
              { label: 'Shipping', amount: 'Free' },
              { label: 'Estimated taxes (TX)', amount: '$3.40' },
            ]}
            total={{ label: 'Total', amount: '$57.80' }}
          />
        </div>
        <div className="card">
          <ProductPicture src="/media/card-shampoo.svg" alt="Custom Shampoo bottle" width={600} height={600} label="Maya" loading="eager" />
          <h3>Maya&apos;s Custom Shampoo</h3>
          <p>$27.20</p>
        </div>
      </div>

      <h2>Notices</h2>
      <Notice tone="error">Your card was declined. Use another card or another payment method.</Notice>
      <Notice tone="success">We sent you a link. Open it on this device to sign in.</Notice>
      <Notice tone="info">Candles can be bought with a completed haircare consultation.</Notice>

      <h2>Icons</h2>
      <ul className="ds-row ds-icons">
        {icons.map((name) => (
          <li key={name}>
            <Icon name={name} />
            <code>{name}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

const meta = { title: 'Design system', component: DesignSystem } satisfies Meta<typeof DesignSystem>;
export default meta;
type Story = StoryObj<typeof meta>;

const all: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = getComputedStyle(canvasElement.ownerDocument.body);
    // §1 of issue 25: the body sets the font; no page falls back to the browser's Times.
    await expect(body.fontFamily).toMatch(/system-ui/);
    const primary = canvas.getByRole('button', { name: 'Primary' });
    const disabled = canvas.getByRole('button', { name: 'Disabled' });
    // Enabled and disabled cannot be confused: another background, another border style.
    await expect(getComputedStyle(disabled).backgroundColor).not.toBe(getComputedStyle(primary).backgroundColor);
    await expect(getComputedStyle(disabled).borderTopStyle).toBe('dashed');
    await expect(getComputedStyle(canvas.getByRole('heading', { level: 1, name: 'Design system' })).fontFamily).toMatch(/Georgia/);
    await expect(canvas.getAllByRole('alert')).toHaveLength(1);
  },
};
export const Phone = at('xs', all);
export const Desktop = at('lg', all);
