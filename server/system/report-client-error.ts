import { scrubReportText } from '#api';
import { clientIp } from '../http/client-ip';
import { defineOperation } from '../http/operation';
import { hitRateLimit } from '../http/rate-limit';
import { requestLogger } from '../log/request-log';

/**
 * POST /v1/client_errors/: an unexpected error of the web app (spec 000 §8, "reported to an error-reporting
 * service"), written to the server's structured log as a warning with the request's id, so an operator finds the
 * browser's failures beside the requests (and ships them wherever the log goes). Nothing is stored; 60 reports per
 * address per 15 minutes.
 */
export const reportClientError = defineOperation(
  'reportClientError',
  {
    summary: 'Report an unexpected error of the web app',
    tag: 'system',
    responses: { 204: 'Logged', 400: 'validation_error: not a report', 429: 'Too many reports from this address' },
  },
  async ({ c, body, services }) => {
    await hitRateLimit(services, `client-errors:ip:${clientIp(c, services.config.trustProxy)}`, services.config.rateLimits?.clientErrorsPerIp);
    // Tokens and e-mails blanked again, whatever the sender did (the app already does).
    const report = { ...body, where: scrubReportText(body.where), message: scrubReportText(body.message), path: scrubReportText(body.path) };
    requestLogger(c, services.config.logger).warn(
      { clientError: report, userAgent: c.req.header('user-agent')?.slice(0, 200) },
      'The web app reported an error',
    );
    return c.body(null, 204);
  },
);
