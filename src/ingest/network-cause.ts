// Says in words why a publisher could not be reached, and whether trying again can help: a host that cannot be
// resolved is what a machine without internet access sees, so the words point at LISTS_DIR and a mirror.

/** What an operator can do when publishers cannot be reached from this machine. */
export const OFFLINE_ADVICE =
  'if this machine has no internet access, put the files in LISTS_DIR (`screening lists layout` shows the ' +
  'folders, file names and official addresses) or set SCREENING_LISTS_MIRROR_URL to a mirror';

/** A network failure explained: the words, and whether a retry can change it. */
export interface NetworkCause {
  readonly words: string;
  /** False when retrying within this refresh would only repeat the same answer (no DNS name, refused). */
  readonly retryable: boolean;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Explains a connection error (Node's `code` on the error or its cause); null when it is not one we know. */
export function networkCause(url: string, err: unknown): NetworkCause | null {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : '';
  const host = hostOf(url);
  switch (code) {
    case 'ENOTFOUND':
      return {
        words: `the host ${host} cannot be resolved (DNS has no address for it); ${OFFLINE_ADVICE}`,
        retryable: false,
      };
    case 'EAI_AGAIN':
      return {
        words: `the host ${host} cannot be resolved (no DNS server answered); ${OFFLINE_ADVICE}`,
        retryable: false,
      };
    case 'ECONNREFUSED':
      return {
        words: `${host} refused the connection (nothing listens there, or a firewall rejects it); ${OFFLINE_ADVICE}`,
        retryable: false,
      };
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return { words: `there is no network route to ${host}; ${OFFLINE_ADVICE}`, retryable: false };
    case 'ECONNRESET':
      return { words: `${host} closed the connection before answering`, retryable: true };
    case 'ETIMEDOUT':
      return { words: `connecting to ${host} timed out; ${OFFLINE_ADVICE}`, retryable: true };
    default:
      return null;
  }
}
