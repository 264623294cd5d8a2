import { describe, expect, it } from 'vitest';
import { createProgress, duration, lineProgress } from './progress.js';

function capture() {
  const out: string[] = [];
  return { out, stream: { isTTY: false, write: (t: string) => out.push(t) } };
}

describe('progress without a terminal', () => {
  it('writes plain lines with the count, the rate and the time left, at most one per throttle period', () => {
    const { out, stream } = capture();
    let now = 0;
    const bar = lineProgress(stream, { throttleMs: 2_000, now: () => now }).bar(
      'ofac_sdn',
      10_000,
      'records',
    );
    now = 500;
    bar.update(1_000); // within the first period: nothing
    now = 2_000;
    bar.update(4_000);
    now = 2_500;
    bar.update(5_000); // throttled
    now = 4_000;
    bar.update(8_000);
    now = 5_000;
    bar.finish('updated', 10_000);
    expect(out).toEqual([
      'ofac_sdn: 4,000/10,000 records, 2,000/s, about 3 s left\n',
      'ofac_sdn: 8,000/10,000 records, 2,000/s, about 1 s left\n',
      'ofac_sdn: updated, 10,000 records in 5 s\n',
    ]);
  });

  it('without a known total (a first load) gives the count and rate, no estimate', () => {
    const { out, stream } = capture();
    let now = 0;
    const bar = lineProgress(stream, { throttleMs: 1_000, now: () => now }).bar('un', 0, 'records');
    now = 2_000;
    bar.update(600);
    expect(out).toEqual(['un: 600 records, 300/s\n']);
  });

  it('createProgress picks plain lines when the stream is not a terminal', () => {
    const { out, stream } = capture();
    const p = createProgress(stream, { throttleMs: 0 });
    p.bar('screening', 2, 'names').finish('done', 2);
    p.stop();
    expect(out).toEqual(['screening: done, 2 names in 0 s\n']);
  });

  it('reads durations in words', () => {
    expect([duration(4.4), duration(185), duration(3_725)]).toEqual(['4 s', '3 min 5 s', '1 h 2 min']);
  });
});
