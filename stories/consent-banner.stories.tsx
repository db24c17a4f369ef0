import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import '../app/styles/app.css';
import { ConsentBanner } from '../shop/consent/consent-banner';
import { defaultConsent } from '../shop/consent/consent-rules';
import { at } from './support/viewports';

/** The banner over a page (spec 001 §9 Consent): fixed at the bottom, so the page under it keeps its place. */
function Screen(props: React.ComponentProps<typeof ConsentBanner>) {
  return (
    // As tall as the screen, so the picture holds the banner where the shopper sees it: at the bottom.
    <div style={{ minHeight: '100vh' }}>
      <main className="page">
        <h1>Custom haircare</h1>
        <p>Formulated for one person from their consultation, and tuned after every order.</p>
      </main>
      <ConsentBanner {...props} />
    </div>
  );
}

const meta = {
  title: 'Shop/Consent banner',
  component: Screen,
  args: { region: 'CA', current: defaultConsent('CA'), onSave: fn() },
} satisfies Meta<typeof Screen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A Canadian visitor's first visit: asked, nothing focused, three ways to answer. */
const asked: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement.ownerDocument.body);
    const banner = canvas.getByRole('region', { name: 'Cookie choices' });
    await expect(banner).toBeVisible();
    await expect(getComputedStyle(banner).position).toBe('fixed');
    for (const name of ['Accept all', 'Reject optional', 'Choose']) await expect(within(banner).getByRole('button', { name })).toBeVisible();
  },
};

/** "Choose": one checkbox per optional purpose, CA's defaults (analytics and advertising off). */
const choosing: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Choose' }));
    await expect(canvas.getByRole('checkbox', { name: 'Analytics' })).not.toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Advertising' })).not.toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Personalisation' })).toBeChecked();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Analytics' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save choices' }));
    await expect(args.onSave).toHaveBeenCalledWith({ ...defaultConsent('CA'), analytics_storage: true });
  },
};

/** Opened again from the footer's "Cookie choices" by a US visitor: everything on, a Close button. */
const reopened: Story = {
  args: { region: 'US', current: defaultConsent('US'), reopened: true, onClose: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement.ownerDocument.body);
    await expect(canvas.getByRole('checkbox', { name: 'Analytics' })).toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Close' })).toBeVisible();
  },
};

export const Asked360 = at('xs', asked);
export const Asked1280 = at('lg', asked);
export const Choosing360 = at('xs', choosing);
export const Choosing1280 = at('lg', choosing);
export const Reopened360 = at('xs', reopened);
