// `serve`: starts the API, and shuts down on SIGTERM/SIGINT without losing in-flight calls or their usage records.
import { Command } from 'commander';
import type { Config } from '../config.js';

export function serveCommand(config: () => Config): Command {
  return new Command('serve').description('serve the API and the dashboard').action(async () => {
    const cfg = config();
    // Loaded here so the other verbs never load the HTTP stack.
    const { createService } = await import('../main.js');
    // A server runs for days: SQLite's WAL checkpoints go to a worker thread, off the request path.
    const service = await createService(cfg, { backgroundCheckpoints: true });
    const { app } = service;
    await app.listen({ port: cfg.port, host: cfg.host });
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      const timer = setTimeout(() => {
        app.log.error('shutdown timed out; exiting');
        process.exit(1);
      }, cfg.shutdownTimeoutMs);
      timer.unref();
      service.close().then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
  });
}
