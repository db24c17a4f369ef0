import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createActor } from 'xstate';
import { expect, screen as page, userEvent, waitFor, within } from 'storybook/test';
import { mockEndpoint, mockError } from '../api/client/mocks';
import '../app/styles/app.css';
import { appTokens, loadAppServices } from '../app/app-services';
import ArticlePage from '../app/help/article-page';
import ContactPage from '../app/help/contact-page';
import FaqPage from '../app/help/faq-page';
import { createAppHelpApi } from '../app/help/help-api';
import TopicPage from '../app/help/topic-page';
import { HelpCentreProvider } from '../app/help/use-help-centre';
import { reportError } from '../app/report-error';
import { createSession, SessionProvider } from '../app/session';
import { createHelpCentreMachine } from '../shop/help/help-centre-machine';
import { GUARANTEE_ARTICLE_ID, kbArticlesAnswer, kbCategoriesAnswer, kbSearchSubscriptionAnswer, kbTagsAnswer } from './fixtures/knowledge-base';
import { at } from './support/viewports';

/** The help centre's pages at `path`, as the router draws them, over a help centre of their own and the API's mocks. */
function HelpCentre({ path }: { path: string }) {
  const [actor] = useState(() => createActor(createHelpCentreMachine(createAppHelpApi(), reportError)).start());
  return (
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider session={createSession(loadAppServices, appTokens)}>
        <HelpCentreProvider actor={actor}>
          <main>
            <Routes>
              <Route path="/faq" element={<FaqPage />} />
              <Route path="/faq/contact-us" element={<ContactPage />} />
              <Route path="/faq/search" element={<TopicPage />} />
              <Route path="/faq/topics/:slug" element={<TopicPage />} />
              <Route path="/faq/:articleId" element={<ArticlePage />} />
            </Routes>
          </main>
        </HelpCentreProvider>
      </SessionProvider>
    </MemoryRouter>
  );
}

type Answer = 'real' | 'pending' | 'failing';
/** The knowledge base's answers: the shop's own (written from the server by C's fixture test), never, or a failure. */
function knowledgeBase(
  lists: Answer = 'real',
  search: 'hits' | 'none' | 'pending' = 'hits',
  inquiry: 'received' | 'fields' | 'pending' = 'received',
): Story['beforeEach'] {
  return ({ msw }) => {
    const answer = <T,>(body: T) =>
      lists === 'pending' ? new Promise<never>(() => undefined) : lists === 'failing' ? mockError(503, { code: 'unavailable', detail: 'Try again.' }) : body;
    msw.use(
      mockEndpoint('listKbCategories', () => answer(kbCategoriesAnswer)),
      mockEndpoint('listKbArticles', () => answer(kbArticlesAnswer)),
      mockEndpoint('listKbTags', () => answer(kbTagsAnswer)),
      mockEndpoint('searchKb', () =>
        search === 'pending' ? new Promise<never>(() => undefined) : search === 'none' ? { data: [] } : kbSearchSubscriptionAnswer,
      ),
      mockEndpoint('sendKbInquiry', () =>
        inquiry === 'pending'
          ? new Promise<never>(() => undefined)
          : inquiry === 'fields'
            ? mockError(400, { code: 'validation_error', detail: 'Check the fields.', fields: { email: ['Enter an e-mail address we can answer.'] } })
            : { reference: 'HC-7K3M9Q', received_at: '2026-11-27T23:00:00.000Z' },
      ),
    );
  };
}

const meta = {
  title: 'Shop/Help centre',
  component: HelpCentre,
  args: { path: '/faq' },
} satisfies Meta<typeof HelpCentre>;
export default meta;
type Story = StoryObj<typeof meta>;

const wait = { timeout: 30_000 };

const home: Story = {
  beforeEach: knowledgeBase(),
  play: async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search the help centre' })).toBeVisible();
    const topics = await page.findByRole('region', { name: 'Browse by topic' }, wait);
    await expect(within(topics).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/faq/contact-us');
    await expect(within(topics).getByText('Reach out to get in touch with our team of Pros')).toBeVisible();
    await expect(within(await page.findByRole('region', { name: 'Popular questions' })).getAllByRole('link').length).toBeGreaterThan(2);
  },
};
const loading: Story = {
  beforeEach: knowledgeBase('pending'),
  play: async () => {
    await expect(await page.findByRole('status')).toHaveTextContent('Loading the help centre…');
  },
};
const failed: Story = {
  beforeEach: knowledgeBase('failing'),
  play: async () => {
    const alert = await page.findByRole('alert', {}, wait);
    await expect(alert).toHaveTextContent("We couldn't load the help centre.");
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
const topic: Story = {
  beforeEach: knowledgeBase(),
  args: { path: '/faq/topics/subscriptions' },
  play: async () => {
    await expect(await page.findByRole('heading', { level: 1, name: 'Subscriptions' }, wait)).toBeVisible();
    await expect(within(await page.findByRole('list', { name: 'Articles about Subscriptions' }, wait)).getAllByRole('link').length).toBeGreaterThan(1);
  },
};
const results: Story = {
  beforeEach: knowledgeBase(),
  args: { path: '/faq/search?term=subscription' },
  play: async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Search results for "subscription"' })).toBeVisible();
    await expect(await page.findByRole('link', { name: 'How subscriptions work' }, wait)).toHaveAttribute('href', '/faq/how-subscriptions-work');
  },
};
const noResults: Story = {
  args: { path: `/faq/topics/${encodeURIComponent('<img src=x onerror=alert(1)>')}` },
  beforeEach: knowledgeBase('real', 'none'),
  play: async () => {
    // A topic that names no category is a search for it; the term shows as text, never as markup.
    await expect(await page.findByRole('heading', { level: 1, name: 'Search results for "<img src=x onerror=alert(1)>"' }, wait)).toBeVisible();
    await expect(await page.findByRole('heading', { level: 2, name: 'No articles match "<img src=x onerror=alert(1)>"' }, wait)).toBeVisible();
    await expect(document.querySelector('main img')).toBeNull();
  },
};
const searching: Story = {
  args: { path: '/faq/search?term=shampoo' },
  beforeEach: knowledgeBase('real', 'pending'),
  play: async () => {
    await expect(await page.findByText('Searching…')).toBeVisible();
  },
};
const article: Story = {
  beforeEach: knowledgeBase(),
  args: { path: `/faq/${GUARANTEE_ARTICLE_ID}` },
  play: async () => {
    const heading = await page.findByRole('heading', { level: 1 }, wait);
    await waitFor(() => expect(heading).toHaveFocus());
    await expect(within(page.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Help centre' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/faq/contact-us');
    await expect(page.getByRole('region', { name: 'Related articles' })).toBeVisible();
  },
};
const notFound: Story = {
  beforeEach: knowledgeBase(),
  args: { path: '/faq/no-such-article' },
  play: async () => {
    await expect(await page.findByRole('heading', { level: 1, name: "We couldn't find that article" }, wait)).toBeVisible();
  },
};
const form = () => within(page.getByRole('form', { name: 'Send us a message' }));
async function fill() {
  await userEvent.type(form().getByLabelText('Your name'), 'Ada Lovelace');
  await userEvent.type(form().getByLabelText('E-mail'), 'ada@example.com');
  await userEvent.selectOptions(form().getByLabelText('What is it about?'), 'order');
  await userEvent.type(form().getByLabelText('Your message'), 'Where is my order?');
}
const contact: Story = {
  beforeEach: knowledgeBase(),
  args: { path: '/faq/contact-us' },
  play: async () => {
    await expect(await page.findByRole('region', { name: 'Quick answers' })).toBeVisible();
    // The three articles tagged contact-us-top-3, and the way to the help centre.
    await waitFor(() => expect(within(page.getByRole('region', { name: 'Quick answers' })).getAllByRole('link')).toHaveLength(4), wait);
    await expect(form().getByText('0 of 5,000 characters')).toBeVisible();
  },
};
const contactErrors: Story = {
  beforeEach: knowledgeBase(),
  args: { path: '/faq/contact-us' },
  play: async () => {
    await userEvent.click(form().getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(form().getByLabelText('Your name')).toHaveFocus());
    await expect(form().getByLabelText('Your message')).toHaveAttribute('aria-invalid', 'true');
  },
};
const contactRefused: Story = {
  args: { path: '/faq/contact-us' },
  beforeEach: knowledgeBase('real', 'hits', 'fields'),
  play: async () => {
    await fill();
    await userEvent.click(form().getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(form().getByLabelText('E-mail')).toHaveFocus(), wait);
    await expect(form().getByText('Enter an e-mail address we can answer.', { selector: 'p' })).toBeVisible();
  },
};
const contactSending: Story = {
  args: { path: '/faq/contact-us' },
  beforeEach: knowledgeBase('real', 'hits', 'pending'),
  play: async () => {
    await fill();
    await userEvent.click(form().getByRole('button', { name: 'Send message' }));
    await expect(await form().findByRole('button', { name: 'Sending…' })).toHaveAttribute('aria-disabled', 'true');
  },
};
const contactSent: Story = {
  beforeEach: knowledgeBase(),
  args: { path: '/faq/contact-us' },
  play: async () => {
    await fill();
    await userEvent.click(form().getByRole('button', { name: 'Send message' }));
    const heading = await page.findByRole('heading', { level: 2, name: "Thank you, we've received your message" }, wait);
    await waitFor(() => expect(heading).toHaveFocus());
    await expect(page.getByText('HC-7K3M9Q')).toBeVisible();
  },
};

export const Home360 = at('xs', home);
export const Home1280 = at('lg', home);
export const Loading360 = at('xs', loading);
export const Failed360 = at('xs', failed);
export const Topic360 = at('xs', topic);
export const Topic1280 = at('lg', topic);
export const Results360 = at('xs', results);
export const Results1280 = at('lg', results);
export const NoResults360 = at('xs', noResults);
export const Searching360 = at('xs', searching);
export const Article360 = at('xs', article);
export const Article1280 = at('lg', article);
export const NotFound360 = at('xs', notFound);
export const Contact360 = at('xs', contact);
export const Contact1280 = at('lg', contact);
export const ContactErrors360 = at('xs', contactErrors);
export const ContactRefused360 = at('xs', contactRefused);
export const ContactSending360 = at('xs', contactSending);
export const ContactSent360 = at('xs', contactSent);
export const ContactSent1280 = at('lg', contactSent);
