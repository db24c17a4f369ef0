/**
 * The server process (`npm start` runs it after `vite build`): settings from the environment, clean shutdown on
 * SIGTERM and SIGINT. With WORKERS=N on PostgreSQL (DATABASE_URL) it is the primary of N server processes that share
 * the port (node:cluster): each worker is a whole server (its own connection pool and queue worker) and keeps no
 * state of its own between requests, so any of them answers any request (server/README.md "Scaling out"). The
 * embedded database belongs to one process: there WORKERS is ignored, and the start says so.
 */
import cluster from 'node:cluster';
import { logger } from './log/logger';
import { readSettings, type ServerSettings } from './read-settings';
import { startServer } from './start-server';

const SHUTDOWN_GRACE_MS = 10_000;
/** A worker that dies is started again, but not faster than this, so a worker that cannot start does not spin. */
const RESTART_DELAY_MS = 1_000;

function onSignals(shutdown: (signal: string) => void): void {
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** One server in this process; it exits when told to stop. */
async function runServer(settings: ServerSettings): Promise<void> {
  const server = await startServer(settings);
  let stopping = false;
  onSignals((signal) => {
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
  });
}

/** The primary of WORKERS server processes: starts them, starts again one that dies, and stops them all on a signal. */
function runPrimary(workers: number): void {
  logger.info(`Starting ${workers} server processes on PostgreSQL (WORKERS=${workers}).`);
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < workers; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    logger.error(`Server process ${worker.process.pid} exited (${signal ?? code}); starting another.`);
    setTimeout(fork, RESTART_DELAY_MS).unref();
  });
  onSignals((signal) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: stopping ${workers} server processes.`);
    setTimeout(() => {
      logger.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + 1_000).unref();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  });
}

try {
  const settings = readSettings(process.env);
  if (cluster.isPrimary && settings.workers > 1 && settings.databaseUrl) runPrimary(settings.workers);
  else {
    if (settings.workers > 1 && !settings.databaseUrl)
      logger.warn(`WORKERS=${settings.workers} is ignored: the embedded database is one process. Set DATABASE_URL to run several on PostgreSQL.`);
    await runServer(settings);
  }
} catch (error) {
  logger.fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
