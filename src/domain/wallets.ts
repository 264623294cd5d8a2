// Wallet screening types shared by the wallet index, services and HTTP.

/** The spec's wallet result: a clear address has listed false and every other field but address null. */
export interface WalletResult {
  readonly address: string;
  readonly listed: boolean;
  readonly network: string | null;
  readonly info: string | null;
  readonly entity_uid: number | null;
  readonly entity: { id: string; name: string; list: string; source_uid: string } | null;
}

/** The exact-lookup port over every loaded wallet source. */
export interface WalletLookup {
  lookup(address: string): WalletResult;
}
