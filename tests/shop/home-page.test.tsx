import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { HomePage } from '../../shop/home/home-page';
import { fromPrices } from '../../app/shell/home-page';
import { checkAllSitePages, checkSiteSource } from '../../shop/content/check-content';
import type { HomeContent } from '../../shop/content/site-schema';
import { catalogueCad, catalogueUsd } from '../../stories/fixtures/catalogue';
import { formatMoney } from '../../shop/catalog/money';
import { collectionEntries } from '../../shop/catalog/assembly';

const homeFile = 'shop/content/site/home.yaml';
const homeText = readFileSync(homeFile, 'utf8');
const home = checkSiteSource('home', homeText, homeFile).page as HomeContent;

describe('issue 25 home page: what the shop does and how, the collections with "from" prices, the guarantee, reviews, the call to action', () => {
  it('the site pages are checked content: home.yaml and gift.yaml have no problem', () => {
    expect(checkAllSitePages(process.cwd())).toEqual([]);
  });

  it('a mistake in home.yaml is reported at its file:line:column, with what was expected', () => {
    const broken = homeText.replace('      text: Five minutes of questions', '      txt: Five minutes of questions');
    const { page, problems } = checkSiteSource('home', broken, homeFile);
    expect(page).toBeUndefined();
    const line = broken.split('\n').findIndex((l) => l.includes('txt: Five minutes')) + 1;
    expect(problems.some((p) => p.location.file === homeFile && p.location.line === line)).toBe(true);
    const noPicture = homeText.replace('/media/card-serum.svg', 'https://example.com/serum.png');
    expect(checkSiteSource('home', noPicture, homeFile).problems[0]?.message).toMatch(/picture under \/media\//);
  });

  it('draws the hero with its call to action, the four steps in order, the three collections, the guarantee, the reviews and the closing call to action', () => {
    render(
      <MemoryRouter>
        <HomePage content={home} fromPrices={{ haircare: '$28', skincare: '$29' }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(home.hero.title);
    expect(screen.getAllByRole('link', { name: 'Start your consultation' }).map((l) => l.getAttribute('href'))).toEqual(['/consultation', '/consultation']);
    const steps = within(screen.getByRole('region', { name: 'How it works' })).getAllByRole('heading', { level: 3 });
    expect(steps.map((h) => h.textContent)).toEqual(['Take the consultation', 'Get your formula', 'Delivered to your door', 'Review & refine']);
    const collections = screen.getByRole('region', { name: 'Shop by category' });
    expect(
      within(collections)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Custom haircare', '/collections/haircare'],
      ['Custom skincare', '/collections/skincare'],
      ['Accessories and gifts', '/collections/accessories'],
    ]);
    expect(
      within(collections)
        .getAllByRole('img')
        .every((img) => img.getAttribute('alt') && img.getAttribute('width') && img.getAttribute('height')),
    ).toBe(true);
    expect(within(collections).getByText('From $28')).toBeTruthy();
    // A price not known yet holds its line (no layout shift when it arrives).
    expect(collections.querySelectorAll('.home-collection__price')).toHaveLength(3);
    expect(
      within(screen.getByRole('region', { name: home.guarantee.title }))
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/help#guarantee');
    expect(within(screen.getByRole('region', { name: home.reviews.title })).getAllByRole('img', { name: /out of 5 stars/ })).toHaveLength(
      home.reviews.reviews.length,
    );
  });

  it('spec 001 §9 Feature flags: holiday-exclusive-hero on shows the content’s holiday hero instead of the hero; off, or with no holiday hero written, the hero', () => {
    const holidayHero = { ...home.hero, eyebrow: 'Holiday exclusive', title: 'Give a routine made for them', cta: { label: 'Give a gift card', to: '/gift' } };
    const draw = (content: HomeContent, holiday: boolean) => {
      const { unmount } = render(
        <MemoryRouter>
          <HomePage content={content} fromPrices={{}} holiday={holiday} />
        </MemoryRouter>,
      );
      const title = screen.getByRole('heading', { level: 1 }).textContent;
      unmount();
      return title;
    };
    expect(draw({ ...home, holidayHero }, true)).toBe('Give a routine made for them');
    expect(draw({ ...home, holidayHero }, false)).toBe(home.hero.title);
    expect(draw({ ...home, holidayHero: undefined }, true)).toBe(home.hero.title);
    // An editor writes it in home.yaml under holidayHero, checked like the hero.
    const checked = checkSiteSource(
      'home',
      `${homeText}\nholidayHero:\n  eyebrow: Holiday exclusive\n  title: Give a routine made for them\n  description: A gift card for a formula of their own.\n  cta: { label: Give a gift card, to: /gift }\n  picture: ${JSON.stringify(home.hero.picture)}\n`,
      homeFile,
    );
    expect(checked.problems).toEqual([]);
    expect((checked.page as HomeContent).holidayHero?.cta.to).toBe('/gift');
  });

  it('§9 Catalogue assembly: each collection is "from" the lowest regular price of its cards, in the catalogue\'s currency', () => {
    for (const list of [catalogueUsd, catalogueCad]) {
      const prices = fromPrices(list);
      for (const collection of ['haircare', 'skincare', 'accessories'] as const) {
        const cards = collectionEntries(collection, list.products).flatMap((e) => (e.kind === 'product' ? [e.card] : []));
        const lowest = Math.min(...cards.map((c) => c.regularPrice));
        expect(prices[collection]).toBe(formatMoney(lowest, list.products[0]!.currency));
      }
    }
  });
});
