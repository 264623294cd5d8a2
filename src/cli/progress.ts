// Progress on standard error for `ingest` and `bulk`: bars when it is a terminal, otherwise (a log file, CI, a
// pipe) plain lines with the count, the rate and an estimate of the time left, at most one per bar every few seconds.
import cliProgress from 'cli-progress';

/** One task's progress. `total` 0 means unknown (no estimate, no percentage). */
export interface ProgressBar {
  update(done: number): void;
  /** Marks the task finished with a word (updated, failed, …) and its final count. */
  finish(state: string, done: number): void;
}

/** The progress display of one command run. */
export interface Progress {
  bar(label: string, total: number, unit: string): ProgressBar;
  stop(): void;
}

/** Where progress goes: the stream and whether it is a terminal (`process.stderr` in the CLI). */
export interface ProgressStream {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** Seconds as `42 s`, `3 min 5 s` or `1 h 2 min`. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/** Bars on a terminal, throttled plain lines elsewhere. */
export function createProgress(
  stream: ProgressStream,
  opts: { throttleMs?: number; now?: () => number } = {},
): Progress {
  return stream.isTTY ? barProgress(stream as NodeJS.WritableStream) : lineProgress(stream, opts);
}

/** Plain lines: `label: 1,200/5,000 records, 600/s, about 6 s left`, at most one per bar every `throttleMs`. */
export function lineProgress(
  stream: ProgressStream,
  { throttleMs = 2_000, now = () => Date.now() }: { throttleMs?: number; now?: () => number } = {},
): Progress {
  return {
    bar(label, total, unit) {
      const started = now();
      let last = started;
      const rate = (done: number) => {
        const secs = (now() - started) / 1000;
        return secs > 0 ? done / secs : 0;
      };
      return {
        update(done) {
          if (now() - last < throttleMs) return;
          last = now();
          const r = rate(done);
          const known = total > 0 && done <= total;
          const eta = known && r > 0 ? `, about ${duration((total - done) / r)} left` : '';
          stream.write(`${label}: ${fmt(done)}${known ? `/${fmt(total)}` : ''} ${unit}, ${fmt(r)}/s${eta}\n`);
        },
        finish(state, done) {
          stream.write(`${label}: ${state}, ${fmt(done)} ${unit} in ${duration((now() - started) / 1000)}\n`);
        },
      };
    },
    stop() {},
  };
}

function barProgress(stream: NodeJS.WritableStream): Progress {
  const bars = new cliProgress.MultiBar(
    {
      format: ' {label} | {bar} | {value} {unit} | {rate}/s | {eta_formatted} | {state}',
      hideCursor: true,
      clearOnComplete: false,
      stream,
    },
    cliProgress.Presets.shades_classic,
  );
  return {
    bar(label, total, unit) {
      const started = Date.now();
      const rate = (done: number) => fmt(done / Math.max(0.001, (Date.now() - started) / 1000));
      const bar = bars.create(Math.max(1, total), 0, { label: label.padEnd(20), unit, rate: '0', state: '' });
      return {
        update(done) {
          if (done > bar.getTotal()) bar.setTotal(done);
          bar.update(done, { rate: rate(done) });
        },
        finish(state, done) {
          if (done > bar.getTotal()) bar.setTotal(done);
          bar.update(done, { rate: rate(done), state });
        },
      };
    },
    stop: () => bars.stop(),
  };
}
