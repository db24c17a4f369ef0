/** The server process (`npm start` runs it after `vite build`): settings from the environment, clean shutdown on SIGTERM and SIGINT. */
import { readSettings } from './read-settings';
import { startServer } from './start-server';

const SHUTDOWN_GRACE_MS = 10_000;

try {
  const server = await startServer(readSettings(process.env));
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down.`);
    setTimeout(() => {
      console.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
