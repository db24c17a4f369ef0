import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { expect, within } from 'storybook/test';
import '../app/styles/app.css';
import { ProductPage } from '../shop/product-page/product-page';
import type { PageModule } from '../shop/content/schema';
import { moduleExamples } from './fixtures/page-modules';
import { catalogueUsd } from './fixtures/catalogue';
import { PageFacts } from '../shop/product-page/page-facts';
import { at } from './support/viewports';

/** One module alone on a product page. */
function Module({ module }: { module: PageModule }) {
  return (
    <MemoryRouter>
      <ProductPage content={{ title: 'Module', metaDescription: '', product: 'module', modules: [module], showPrice: true, addToCart: false }} />
    </MemoryRouter>
  );
}

const meta = {
  title: 'Shop/Product page modules',
  component: Module,
  args: { module: moduleExamples.hero },
} satisfies Meta<typeof Module>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The module drawn at a phone's width, with something visible in it. */
const story = (module: PageModule): Story =>
  at('xs', {
    args: { module },
    play: async ({ canvasElement }) => {
      await expect(canvasElement.querySelector('.product-page > *')).toBeVisible();
    },
  });

export const Hero = story(moduleExamples.hero);
export const Ticker = story(moduleExamples.ticker);
export const Reviews = story(moduleExamples.reviews);
export const Faq = story(moduleExamples.faq);
export const Accordion = story(moduleExamples.accordion);
export const HowToUse = story(moduleExamples['how-to-use']);
export const Ingredients = story(moduleExamples.ingredients);
export const SampleFormula = story(moduleExamples['sample-formula']);
export const ProTip = story(moduleExamples['pro-tip']);
export const ImageCarousel = story(moduleExamples['image-carousel']);
export const NoList = story(moduleExamples['no-list']);
export const Numbers = story(moduleExamples.numbers);
export const TextImage = story(moduleExamples['text-image']);
/** No video file ships: the module shows its fallback image. */
export const VideoWithoutFiles = at('xs', {
  args: { module: moduleExamples.video },
  play: async ({ canvasElement }) => {
    const fallback = await within(canvasElement).findByRole('img', { name: moduleExamples.video.fallback.alt });
    await expect(fallback).toBeVisible();
    await expect(canvasElement.querySelector('video')).toBeNull();
  },
});
export const ConsultationCta = story(moduleExamples['consultation-cta']);
export const Formula = story(moduleExamples.formula);
export const BeforeAfter = story(moduleExamples['before-after']);
export const Experts = story(moduleExamples.experts);
export const Personas = story(moduleExamples.personas);
export const Sustainability = story(moduleExamples.sustainability);
export const Monogram = story(moduleExamples.monogram);
export const Metrics = story(moduleExamples.metrics);
export const VariantHeroes = story(moduleExamples['variant-heroes']);
export const SkincareCta = story(moduleExamples['skincare-cta']);
/** The wide layouts of the card modules. */
const wide = (viewport: 'sm' | 'lg', module: PageModule): Story => {
  const story: Story = { args: { module } };
  return at(viewport, story);
};
export const Personas1280 = wide('lg', moduleExamples.personas);
export const BeforeAfter768 = wide('sm', moduleExamples['before-after']);
export const Sustainability1280 = wide('lg', moduleExamples.sustainability);
/** The carousels draw from the catalogue the page supplies; here the fixture's. */
const withCatalogue = (module: PageModule): Story => ({
  ...story(module),
  render: (args) => (
    <PageFacts.Provider value={{ skincareConsultation: 'not_started', products: catalogueUsd.products, current: 'conditioner' }}>
      <Module module={args.module} />
    </PageFacts.Provider>
  ),
});
export const ProductCarousel = withCatalogue(moduleExamples['product-carousel']);
export const DiscoverMore = withCatalogue(moduleExamples['discover-more']);
