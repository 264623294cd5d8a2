// Child process of `npm run bench:faults` for the list faults: the built service exactly as `serve` builds it
// (dist/main.js createService from the environment, listening on PORT), plus one bench-only route,
// POST /bench/refresh, that refreshes the carried lists now and answers the outcomes. The service refreshes on its
// own only on a schedule (a minute apart at the shortest); everything else, downloads included, is the service's.
import type * as ConfigModule from '../src/config.js';
import type * as MainModule from '../src/main.js';

const dist = new URL('../dist/', import.meta.url);
const { loadConfig } = (await import(new URL('config.js', dist).href)) as typeof ConfigModule;
const { createService } = (await import(new URL('main.js', dist).href)) as typeof MainModule;

const config = loadConfig(process.env);
const service = await createService(config, {
  extraRoutes: async (app) => {
    app.post('/bench/refresh', async () => {
      const outcomes = await service.listService.refresh();
      return outcomes.map((o) => ({
        slug: o.slug,
        status: o.status,
        records: o.recordCount,
        error: o.error ?? null,
        held: o.heldReason ?? null,
      }));
    });
  },
});
await service.app.listen({ port: config.port, host: config.host });
const stop = () => {
  service.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
