// One saved NCA Most Wanted person to a ListEntry with the 4-field record.
import type { ListEntry } from '../../list-source.js';
import type { NcaWantedItem } from './crawl-nca-most-wanted.js';

/** The last path segment of the person page (`/most-wanted/jane-doe` → `jane-doe`). */
export function ncaUid(detailUrl: string): string {
  const path = new URL(detailUrl).pathname.replace(/\/+$/, '');
  return decodeURIComponent(path.split('/').pop() ?? '') || detailUrl;
}

/** The entry of one saved person (`sourceUid` from the person page's address: the source numbers repeats). */
export function ncaPersonToEntry(raw: Partial<NcaWantedItem>, where: string): ListEntry {
  if (typeof raw.name !== 'string' || !raw.name.trim() || typeof raw.detail_url !== 'string')
    throw new Error(`${where} lacks name or detail_url`);
  const record = {
    name: raw.name.trim(),
    description: typeof raw.description === 'string' ? raw.description : null,
    detail_url: raw.detail_url,
    image_url: typeof raw.image_url === 'string' ? raw.image_url : null,
  };
  return {
    list: 'nca_most_wanted',
    sourceUid: ncaUid(raw.detail_url),
    name: record.name,
    aliases: [],
    kind: 'person',
    record,
  };
}
