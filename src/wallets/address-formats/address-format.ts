// The shape every address format shares: does a string claim to be written in it, and if so is it valid.

/** A format's judgement of a string written in it: valid, or the problem to show the caller. */
export type FormatVerdict = { readonly valid: true } | { readonly valid: false; readonly problem: string };

/** One address format wallet screening validates (a registry entry in `check-address.ts`). */
export interface AddressFormat {
  /** How messages, docs and tests name it, e.g. `EVM (EIP-55)`. */
  readonly name: string;
  /** The network codes (`NETWORK_TABLE`) whose addresses are written in this format. */
  readonly networks: readonly string[];
  /** Null when the string is not written in this format (the next format is asked); else the verdict. */
  check(address: string): FormatVerdict | null;
}

export const VALID: FormatVerdict = Object.freeze({ valid: true });

export const invalid = (problem: string): FormatVerdict => Object.freeze({ valid: false, problem });
