import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter, Route, Routes } from 'react-router';
import { expect, within } from 'storybook/test';
import { SiteLayout } from '../app/shell/site-layout';
import { PageErrorBoundary } from '../app/shell/page-error-boundary';
import { createSession, SessionProvider } from '../app/session';
import { appTokens, loadAppServices } from '../app/app-services';
import '../app/styles/app.css';
import { at } from './support/viewports';

/** A page that cannot draw: its code gone after a release (a chunk load error), or a bug. */
function Broken({ chunk }: { chunk: boolean }): never {
  throw chunk ? new TypeError('Failed to fetch dynamically imported module: /assets/terms-page-OLD.js') : new Error('A page bug');
}

/** The page error boundary in the site's frame, as the router draws it (spec 001 §8 generic messages). */
function PageError({ chunk }: { chunk: boolean }) {
  return (
    <MemoryRouter initialEntries={['/terms']}>
      <SessionProvider session={createSession(loadAppServices, appTokens)}>
        <Routes>
          <Route element={<SiteLayout />}>
            <Route
              path="*"
              element={
                <PageErrorBoundary reload={() => undefined}>
                  <Broken chunk={chunk} />
                </PageErrorBoundary>
              }
            />
          </Route>
        </Routes>
      </SessionProvider>
    </MemoryRouter>
  );
}

const meta = {
  title: 'Pages/Page error',
  component: PageError,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof PageError>;
export default meta;
type Story = StoryObj<typeof meta>;

/** "We’ve updated the site since your last visit." with Reload, under the site's header. */
const updated: Story = {
  args: { chunk: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'We’ve updated the site since your last visit.' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Reload' })).toBeVisible();
  },
};
export const Updated360 = at('xs', updated);
export const Updated1280 = at('lg', updated);

/** Any other error: "Oops, something went wrong..." with "Let's try again". */
const oops: Story = {
  args: { chunk: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Oops, something went wrong...' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: "Let's try again" })).toBeVisible();
  },
};
export const Oops360 = at('xs', oops);
export const Oops1280 = at('lg', oops);
