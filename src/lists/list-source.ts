// The contract every official list source implements: what it is, where it is published, how to parse it.
import type { Readable } from 'node:stream';

import type { EntryKind } from '../domain/entry-kind.js';
import type { EntryFacts } from '../domain/facts.js';

export type { EntryKind };

/** A crypto address published on a list entry (wallet screening reads these). */
export interface PublishedWallet {
  readonly address: string;
  /** The publisher's ticker or network label as published (e.g. XBT, ETH, USDT). */
  readonly network: string;
}

/** One listed party as parsed from the publisher's file. */
export interface ListEntry {
  /** Screening list slug (for `sec`, one of the five `sec_*` streams). */
  readonly list: string;
  /** The publisher's identifier of the entry (unique within the list). */
  readonly sourceUid: string;
  readonly name: string;
  /** Every other name: strong and weak aliases, original-script names. */
  readonly aliases: readonly string[];
  /** Aliases the publisher marks weak/low quality (a subset of aliases); screened with less trust. */
  readonly weakAliases?: readonly string[];
  readonly kind: EntryKind;
  /** The published record in the list's own field shape: exactly what entry details returns. */
  readonly record: Readonly<Record<string, unknown>>;
  readonly wallets?: readonly PublishedWallet[];
  /**
   * What the list publishes about the party, normalised. Ingestion fills it from the source's `factsOf`, unless the
   * parser has set it (a source whose facts are not in the record: see `ListSource.factsInEntries`).
   */
  readonly facts?: EntryFacts;
}

/** A file of a source as its publisher names it, with its official address. */
export interface SourceFile {
  /** File name as published (local mode reads DIR/<slug>/<name>). */
  readonly name: string;
  readonly url: string;
  /** The parser copes without it (e.g. OFAC's sdn_comments.csv). */
  readonly optional?: boolean;
  /** No longer published (a frozen copy may still be served): read from a local folder or a mirror, never from the publisher. */
  readonly retired?: boolean;
}

/** The downloaded (or local) files of one source, opened as streams: never whole strings. */
export interface FileSet {
  has(name: string): boolean;
  open(name: string): Readable;
  /** Size in bytes, for validation and progress. */
  size(name: string): number;
}

/** An HTTP answer read whole (pages of paged APIs and web pages are small). */
export interface PageResponse {
  readonly status: number;
  readonly url: string;
  readonly headers: Headers;
  readonly body: Buffer;
  text(): string;
  json(): unknown;
}

/** HTTP for sources published as paged APIs or web pages: a timeout per attempt, retries on 429/5xx/network, a declared User-Agent. */
export interface PageFetcher {
  /** Resolves with a 2xx answer; throws DownloadError otherwise (4xx other than 408/429 without retrying). */
  fetch(
    url: string,
    init?: {
      readonly method?: 'GET' | 'POST';
      readonly headers?: Readonly<Record<string, string>>;
      readonly body?: string;
    },
  ): Promise<PageResponse>;
  /** Politeness pause between requests (tests make it zero). */
  pause(ms: number): Promise<void>;
}

/** Writes one file of a crawl, under the name the source's parse (and local mode, and a mirror) reads. */
export type SaveFile = (name: string, data: string | Buffer) => Promise<void>;

/** One official list: the registry is an array of these, and ingestion never switches on a slug. */
export interface ListSource {
  readonly slug: string;
  readonly title: string;
  readonly publisher: string;
  /** One of the nine original lists (v1 screens only these). */
  readonly legacy: boolean;
  /**
   * `names` (default): a list of parties, screened by name and read by entry details. `wallets`: a list of
   * crypto addresses only (each entry's `wallets`, with `record.info` saying why), read by wallet screening.
   */
  readonly purpose?: 'names' | 'wallets';
  /** Overrides SCREENING_MAX_RECORD_DROP for a source whose count legitimately falls (a delisting). */
  readonly maxRecordDrop?: number;
  /** Human description of the format, for the catalog and docs. */
  readonly format: string;
  /** How often the publisher updates it, as far as known. */
  readonly cadence: string;
  /**
   * Alternative file sets, in order of preference: the first whose required files are all present is
   * parsed (e.g. OFAC sdn.xml, else the legacy CSV set).
   */
  readonly fileSets: ReadonlyArray<readonly SourceFile[]>;
  /**
   * The slug of another source whose publication this one reads (mixer_addresses reads OFAC's SDN files): in
   * local mode its files are found in that source's folder when this source has no folder of its own.
   */
  readonly filesFrom?: string;
  /**
   * Sources published as paged APIs or web pages: fetch every page, follow paging, and save the files named
   * in `fileSets` (e.g. all pages gathered into one JSON file). Used instead of downloading `fileSets` from
   * the publisher; a mirror and local mode read the saved names as usual. Throw when the layout changed.
   */
  crawl?(http: PageFetcher, save: SaveFile): Promise<void>;
  /** The same source sending the publisher's API key (SCREENING_LIST_API_KEYS), for publishers that require one. */
  withApiKey?(key: string): ListSource;
  /**
   * Why this source cannot load unattended from its publisher (no open file, a key not configured). Such a source
   * is left out of the default set unless files come from LISTS_DIR or a mirror, or SCREENING_LISTS names it:
   * screening waits for every carried list, so carrying one that can never load would block it.
   */
  readonly needsOperator?: string;
  parse(files: FileSet): AsyncIterable<ListEntry>;
  /**
   * The facts a record states about its party (dates of birth; nationality, citizenship, address, incorporation
   * or listing countries), normalised. Ingestion stores them with each entry; entries stored before facts were
   * kept get them from here when the index loads. Absent: the list publishes none.
   */
  factsOf?(record: Readonly<Record<string, unknown>>): EntryFacts;
  /**
   * The parser sets each entry's `facts` itself, from published data the record does not keep (possible_pep: the
   * spec fixes its record at five fields, so the dates of birth and citizenships its query returns live only in
   * `facts`). Ingestion stores them as it stores `factsOf`'s.
   */
  readonly factsInEntries?: boolean;
  /** The data date the file itself states, when it states one (YYYY-MM-DD). */
  dataDate?(files: FileSet): Promise<string | null>;
}
