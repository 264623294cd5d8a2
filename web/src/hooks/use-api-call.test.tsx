// useApiCall rendered in a component (happy-dom): busy and error as a page shows them, a new run clearing the last
// error, and superseded or abandoned runs aborted and kept off the page.
// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useApiCall, type ApiCall } from './use-api-call.ts';

// Tells React this is a test environment, so state updates inside act() are applied before it returns.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Renders the hook in a component; `call` is what the latest render returned. */
async function renderApiCall() {
  const root = createRoot(document.createElement('div'));
  let latest: ApiCall | null = null;
  function Probe() {
    latest = useApiCall();
    return null;
  }
  await act(async () => root.render(<Probe />));
  return {
    get call(): ApiCall {
      return latest!;
    },
    unmount: () => act(async () => root.unmount()),
  };
}

/** Stands in for a request in flight: settled by the test. */
function pending() {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  let signal: AbortSignal | null = null;
  const work = (s: AbortSignal) => {
    signal = s;
    return promise;
  };
  return { work, resolve, reject, signal: () => signal! };
}

describe('useApiCall', () => {
  it('is busy while a run is in flight; a failure is shown until the next run clears it', async () => {
    const h = await renderApiCall();
    expect(h.call).toMatchObject({ busy: false, error: null });

    const first = pending();
    let done: Promise<void> = Promise.resolve();
    await act(async () => {
      done = h.call.run(first.work);
    });
    expect(h.call).toMatchObject({ busy: true, error: null });
    const failure = new Error('503 Service Unavailable');
    await act(async () => {
      first.reject(failure);
      await done;
    });
    expect(h.call.busy).toBe(false);
    expect(h.call.error).toBe(failure);

    const retry = pending();
    await act(async () => {
      done = h.call.run(retry.work);
    });
    expect(h.call).toMatchObject({ busy: true, error: null });
    await act(async () => {
      retry.resolve();
      await done;
    });
    expect(h.call).toMatchObject({ busy: false, error: null });
  });

  it('aborts a run when a newer one starts, and keeps its late failure off the page', async () => {
    const h = await renderApiCall();
    const older = pending();
    const newer = pending();
    let olderDone: Promise<void> = Promise.resolve();
    let newerDone: Promise<void> = Promise.resolve();
    await act(async () => {
      olderDone = h.call.run(older.work);
    });
    await act(async () => {
      newerDone = h.call.run(newer.work);
    });
    expect(older.signal().aborted).toBe(true);
    expect(newer.signal().aborted).toBe(false);

    await act(async () => {
      older.reject(new Error('an answer nobody waits for any more'));
      await olderDone;
    });
    // Still busy with the newer run, and nothing to show.
    expect(h.call).toMatchObject({ busy: true, error: null });
    await act(async () => {
      newer.resolve();
      await newerDone;
    });
    expect(h.call).toMatchObject({ busy: false, error: null });
  });

  it('aborts the run in flight when the page goes away', async () => {
    const h = await renderApiCall();
    const call = pending();
    await act(async () => {
      void h.call.run(call.work);
    });
    await h.unmount();
    expect(call.signal().aborted).toBe(true);
  });

  it('shows a problem found before calling, without running anything', async () => {
    const h = await renderApiCall();
    const problem = new Error('Enter at least one name.');
    await act(async () => h.call.fail(problem));
    expect(h.call.busy).toBe(false);
    expect(h.call.error).toBe(problem);
  });

  it('keeps run and fail the same across renders, so effects that depend on them do not rerun', async () => {
    const h = await renderApiCall();
    const { run, fail } = h.call;
    await act(async () => {
      await h.call.run(() => Promise.resolve());
      h.call.fail(new Error('x'));
    });
    expect(h.call.run).toBe(run);
    expect(h.call.fail).toBe(fail);
  });
});
