import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { reportError, reportUncaughtErrors } from '../../app/report-error';
import { describeError, MAX_REPORTS_PER_PAGE, resetErrorReports, setErrorTransport, type ClientErrorReport } from '../../app/error-reports';
import { ApiError } from '../../api/client/api-error';
import { errorReports } from '../setup-dom';

/** spec 000 §8: "Sign-up, other errors: ... error reported to an error-reporting service"; issue 11: one reporting hook, connected. */
describe('spec 000 §8 the error-reporting hook', () => {
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  afterEach(() => quiet.mockClear());
  afterAll(() => quiet.mockRestore());

  it('reports where, the error and its API code, and the page path; the console still shows it', async () => {
    reportError('loading the stylist', new ApiError({ status: 503, code: 'formulation_unavailable', detail: 'Try again.' }));
    await vi.waitFor(() => expect(errorReports).toHaveLength(1));
    expect(errorReports).toEqual([
      expect.objectContaining({
        where: 'loading the stylist',
        code: 'formulation_unavailable',
        status: 503,
        message: 'Try again.',
        path: window.location.pathname,
      }),
    ]);
    expect(quiet).toHaveBeenCalledWith('loading the stylist', expect.any(ApiError));
  });

  it('sends nothing that could be a secret or a person: no query string, tokens and e-mails blanked', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    const report = describeError('verify', new Error(`bad link /signin/verify?token=${token} for ada@example.com`), '/signin/verify');
    expect(report.message).not.toContain(token);
    expect(report.message).not.toContain('ada@example.com');
    expect(report.message).toContain('[token]');
    expect(report.message).toContain('[email]');
    expect(report.path).toBe('/signin/verify');
  });

  it('the same failure is reported once per page, and a page failing in a loop at most MAX_REPORTS_PER_PAGE times', async () => {
    for (let i = 0; i < 3; i++) reportError('saving the names', new Error('offline'));
    await vi.waitFor(() => expect(errorReports).toHaveLength(1));
    for (let i = 0; i < MAX_REPORTS_PER_PAGE + 5; i++) reportError('loop', new Error(`failure ${i}`));
    await vi.waitFor(() => expect(errorReports).toHaveLength(MAX_REPORTS_PER_PAGE));
    // Every one of them was still written to the console.
    expect(quiet).toHaveBeenCalledTimes(3 + MAX_REPORTS_PER_PAGE + 5);
  });

  it('uncaught errors and unhandled rejections are reported', async () => {
    const stop = reportUncaughtErrors(window);
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('x is undefined'), message: 'x is undefined' }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error('nobody caught me') });
    window.dispatchEvent(rejection);
    stop();
    const later = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(later, 'reason', { value: new Error('after stop') });
    window.dispatchEvent(later);
    await vi.waitFor(() => expect(errorReports).toHaveLength(2));
    expect(errorReports.map((r) => [r.where, r.name, r.message])).toEqual([
      ['uncaught error', 'TypeError', 'x is undefined'],
      ['unhandled rejection', 'Error', 'nobody caught me'],
    ]);
  });

  describe('on its way to the server', () => {
    const received: unknown[] = [];
    const server = setupServer(
      http.post('*/v1/client_errors/', async ({ request }) => {
        received.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    beforeAll(() => {
      server.listen({ onUnhandledRequest: 'error' });
      setErrorTransport(null);
    });
    afterAll(() => {
      server.close();
      setErrorTransport((report: ClientErrorReport) => errorReports.push(report));
    });

    it('posts the report as JSON to /v1/client_errors/ (a keep-alive fetch where there is no beacon)', async () => {
      resetErrorReports();
      reportError('loading aggressors', new Error('boom'));
      await vi.waitFor(() => expect(received).toHaveLength(1));
      expect(received[0]).toMatchObject({ where: 'loading aggressors', name: 'Error', message: 'boom' });
    });
  });
});
