import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StepHarness } from './support/step-harness';
import { at } from './support/viewports';
import { fragranceRanking, skincareFragrance } from './fixtures/skincare-screens';

const meta = {
  title: 'Steps/Skincare fragrance',
  component: StepHarness,
  args: { screen: skincareFragrance, onChange: fn(), onNext: fn() },
} satisfies Meta<typeof StepHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

const radioNames = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByRole('radio')
    .map((r) => r.getAttribute('value'));

/** No ranking (a visitor, or the call failed): the flow's order, no labels; choosing reports the answer (spec 000 §3.5). */
const unranked: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(radioNames(canvasElement)).toEqual(['PACIFICA', 'BLANCA', 'frag_free']);
    await expect(canvas.getByRole('radio', { name: 'Pacifica' })).toHaveAccessibleDescription(
      'WOODY + AROMATIC Intensity 100 of 100 Notes: lavender, lemongrass, cypress',
    );
    await expect(canvas.queryByText('Your top recommendation')).toBeNull();
    await userEvent.click(canvas.getByRole('radio', { name: 'Blanca' }));
    await expect(args.onChange).toHaveBeenCalledWith('BLANCA');
  },
};
export const Unranked360 = at('xs', unranked);
export const Unranked768 = at('sm', unranked);
export const Unranked1280 = at('lg', unranked);

/** Ranked with fragrance-free first and the sensitive-skin reason (spec 000 §2.5, §3.5). */
const fragranceFreeFirst: Story = {
  args: { facts: { ranking: fragranceRanking('fragrance_free_recommender_sensitive_skin_v1') } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Sensitive skin: the softer Blanca before Pacifica (server/formulation/fragrances).
    await expect(radioNames(canvasElement)).toEqual(['frag_free', 'BLANCA', 'PACIFICA']);
    const free = canvas.getByRole('radio', { name: 'Fragrance-Free' });
    await expect(free).toHaveAccessibleDescription(
      'Your top recommendation You may notice a light scent due to your custom ingredient blend Because you indicated that you have sensitive skin, we recommend fragrance-free for you.',
    );
  },
};
export const FragranceFreeFirst360 = at('xs', fragranceFreeFirst);
export const FragranceFreeFirst768 = at('sm', fragranceFreeFirst);
export const FragranceFreeFirst1280 = at('lg', fragranceFreeFirst);

/** The ranking is on its way: the flow's order, and the shopper can already choose. */
const loading: Story = {
  args: { facts: { ranking: { status: 'loading' } } },
  play: async ({ canvasElement }) => {
    await expect(radioNames(canvasElement)).toEqual(['PACIFICA', 'BLANCA', 'frag_free']);
    await expect(within(canvasElement).getByRole('group', { name: 'Choose your scent' })).toHaveAttribute('aria-busy', 'true');
  },
};
export const Loading360 = at('xs', loading);
export const Loading768 = at('sm', loading);
export const Loading1280 = at('lg', loading);
