// `lists accept SLUG VERSION_ID` and `lists reject SLUG VERSION_ID`: an admin's review of a list version held back
// because it removes too many entries. Running servers pick an accepted version up from the store within a minute.
import { Command } from 'commander';
import type { Config } from '../config.js';
import { createCore, createLists } from '../core.js';
import { SOURCES } from '../lists/registry.js';

/** The accept and reject verbs under `lists`. */
export function listReviewCommands(config: () => Config): Command[] {
  return (['accept', 'reject'] as const).map((action) =>
    new Command(action)
      .description(
        action === 'accept'
          ? 'make the version a list holds for review its serving version'
          : 'discard the version a list holds for review (the previous version keeps serving)',
      )
      .argument('<slug>', 'the list')
      .argument('<version-id>', 'the held version (see `lists`)')
      .action(async (slug: string, versionId: string) => {
        const cfg = config();
        const core = await createCore(cfg);
        try {
          const { listService } = await createLists(cfg, core.store, SOURCES);
          const row =
            action === 'accept'
              ? await listService.acceptHeld(slug, versionId)
              : await listService.rejectHeld(slug, versionId);
          console.log(
            `${slug}: version ${versionId} ${action === 'accept' ? 'accepted' : 'rejected'}; ` +
              `status ${row.status}, ${row.record_count ?? 0} records serving`,
          );
        } finally {
          await core.close();
        }
      }),
  );
}
