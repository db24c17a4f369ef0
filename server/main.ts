/** The server process (`npm start` runs it after `vite build`): settings from the environment, clean shutdown on SIGTERM and SIGINT. */
import { logger } from './log/logger';
import { readSettings } from './read-settings';
import { startServer } from './start-server';

const SHUTDOWN_GRACE_MS = 10_000;

try {
  const server = await startServer(readSettings(process.env));
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: shutting down.`);
    setTimeout(() => {
      logger.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
} catch (error) {
  logger.fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
