import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { setupServer } from 'msw/node';
import { createMocks, mockError } from '../../api/client/mocks';
import { SessionProvider } from '../../app/session';
import ConsultationCategoryPage from '../../app/consultation/consultation-category-page';
import ConsultationWelcomePage from '../../app/consultation/consultation-welcome-page';
import SigninPage from '../../app/signin/signin-page';
import { EMAIL_GIVEN_KEY } from '../../app/consultation/email-given';
import { nextCategory, referrerPath, signInNext, DEFAULT_NEXT } from '../../app/signin/sign-in-next';
import { sampleUser, tokenPairFor } from '../api/client-fixtures';

const server = setupServer();
const mocks = createMocks({ baseUrl: window.location.origin });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => localStorage.clear());

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string, state?: unknown) {
  return render(
    <SessionProvider>
      <MemoryRouter initialEntries={[{ pathname: path.split('?')[0]!, search: path.includes('?') ? `?${path.split('?')[1]}` : '', state }]}>
        <Routes>
          <Route path="/consultation" element={<ConsultationWelcomePage />} />
          <Route path="/consultation/category" element={<ConsultationCategoryPage />} />
          <Route path="/signin" element={<SigninPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
}

describe('the agnostic entry (spec 000 §2.1)', () => {
  it('/consultation leads to /consultation/category, which offers Custom Haircare and Custom Skincare, each opening its flow', async () => {
    renderAt('/consultation');
    fireEvent.click(screen.getByRole('link', { name: 'Begin' }));
    const list = await screen.findByRole('list');
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([expect.stringContaining('Custom Haircare'), expect.stringContaining('Custom Skincare')]);
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/consultation/haircare', '/consultation/skincare']);
    fireEvent.click(links[1]!);
    expect(screen.getByTestId('where').textContent).toBe('/consultation/skincare');
  });

  it('"Resume here" is offered only to a visitor who already gave an e-mail, and leads to /signin', () => {
    const first = renderAt('/consultation/category');
    expect(screen.queryByText(/Already gave us your email/)).toBeNull();
    first.unmount();
    localStorage.setItem(EMAIL_GIVEN_KEY, '1');
    renderAt('/consultation/category');
    expect(screen.getByRole('link', { name: 'Resume here.' }).getAttribute('href')).toBe('/signin');
  });

  it('a signed-in shopper resumes the consultation under way, pre-filled (?is-returning=true)', async () => {
    localStorage.setItem('shop.tokens.user', JSON.stringify(tokenPairFor('user')));
    server.use(
      mocks.getAccount(() => ({ ...sampleUser, consultation_statuses: { haircare: 'completed', skincare: 'draft' } }) as never),
      mocks.getAddresses(() => []),
    );
    renderAt('/consultation/category');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Resume here.' }).getAttribute('href')).toBe('/consultation/skincare?is-returning=true'));
  });
});

describe('signing in from a consultation (spec 000 §2.1, §4.6, §9)', () => {
  it('the magic link leads to `next`, else back to the consultation the sign-in started from, else the haircare one', () => {
    expect(signInNext('/consultation/skincare/my-skin/type', undefined)).toBe('/consultation/skincare/my-skin/type');
    expect(signInNext(null, '/consultation/skincare/my-skin/concerns')).toBe('/consultation/skincare?is-returning=true');
    expect(signInNext('//evil.example/', '/consultation/haircare/my-hair/length')).toBe('/consultation/haircare?is-returning=true');
    expect(signInNext(null, '/terms')).toBe(DEFAULT_NEXT);
    expect(referrerPath('https://shop.test/consultation/skincare', 'https://shop.test')).toBe('/consultation/skincare');
    expect(referrerPath('https://elsewhere.test/consultation/skincare', 'https://shop.test')).toBeUndefined();
    expect(nextCategory('/consultation/skincare?is-returning=true')).toBe('skincare');
    expect(nextCategory('/stylists/ada')).toBe('haircare');
  });

  it('an unknown e-mail creates its account on /signin with origin no_sign_in_link_received_{category}, then goes on', async () => {
    const signIns: unknown[] = [];
    const signUps: unknown[] = [];
    server.use(
      mocks.requestMagicLink(({ body }) => {
        signIns.push(body);
        return mockError(404, { code: 'unknown_user', detail: 'No account has this e-mail.' });
      }),
      mocks.signUp(({ body }) => {
        signUps.push(body);
        return tokenPairFor('new');
      }),
      mocks.getAccount(() => sampleUser),
      mocks.getAddresses(() => []),
    );
    renderAt('/signin', { from: '/consultation/skincare/my-skin/type' });
    fireEvent.change(screen.getByLabelText(/e-?mail/i), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /send/i }));
    expect(await screen.findByText(/We don't have an account with that e-mail/)).toBeTruthy();
    expect(signIns).toEqual([expect.objectContaining({ username: 'new@example.com', next: '/consultation/skincare?is-returning=true' })]);
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lovelace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/consultation/skincare?is-returning=true'));
    expect(signUps).toEqual([
      expect.objectContaining({
        email: 'new@example.com',
        first_name: 'Ada',
        last_name: 'Lovelace',
        account_creation_origin: 'no_sign_in_link_received_skincare',
      }),
    ]);
  });
});
