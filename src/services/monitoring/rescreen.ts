// The full re-screen of every monitored subject of every account, for when the matching engine itself changed (a
// developer bumped ENGINE_VERSION): runs in the background in slices, with progress, one at a time per process;
// the engine version it finished with is stored, so the next start knows whether one is due.
import type { Subject } from '../../domain/monitoring.js';
import { conflict } from '../../errors.js';
import { ENGINE_VERSION } from '../../matching/index.js';
import type { MonitorStore } from '../../store/monitor-store.js';
import type { ListState } from '../list-state.js';
import { screenSubjects, type SubjectScreeningStore } from './subject-screening.js';

/** The key under which the engine version of the last full screening is kept. */
const STATE_KEY = 'engine_version';
/** Subjects screened and written per step. */
const STEP = 500;

/** The re-screen as the API answers it. */
export interface RescreenView {
  /** idle: none ran in this process since it started. */
  readonly status: 'idle' | 'running' | 'done' | 'failed';
  /** The engine this server runs. */
  readonly engine_version: string;
  /** The engine the subjects were last fully screened with (null: never recorded). */
  readonly screened_engine_version: string | null;
  /** True when the subjects were screened by another engine than this one: a re-screen is due. */
  readonly needed: boolean;
  readonly total: number | null;
  readonly done: number;
  /** Alerts opened or reopened by this run. */
  readonly alerts: number;
  readonly started_at: string | null;
  readonly finished_at: string | null;
  readonly error: string | null;
}

/** What the re-screen reads and writes. */
export type RescreenStore = Pick<MonitorStore, 'activeSubjects' | 'monitorState' | 'setMonitorState'> &
  SubjectScreeningStore;

/** Runs and reports the full re-screen. */
export class Rescreen {
  #run: Promise<void> | null = null;
  #view: Omit<RescreenView, 'engine_version' | 'screened_engine_version' | 'needed'> = {
    status: 'idle',
    total: null,
    done: 0,
    alerts: 0,
    started_at: null,
    finished_at: null,
    error: null,
  };

  constructor(
    private readonly store: RescreenStore,
    private readonly lists: ListState,
  ) {}

  /**
   * At start: a store that never recorded an engine version takes this one (its subjects were screened as they
   * came, by the engines up to this one); returns whether a re-screen is due.
   */
  async prime(): Promise<boolean> {
    const seen = await this.store.monitorState(STATE_KEY);
    if (seen === null) await this.store.setMonitorState(STATE_KEY, ENGINE_VERSION, new Date().toISOString());
    return seen !== null && seen !== ENGINE_VERSION;
  }

  async status(): Promise<RescreenView> {
    const seen = await this.store.monitorState(STATE_KEY);
    return {
      ...this.#view,
      engine_version: ENGINE_VERSION,
      screened_engine_version: seen,
      needed: seen !== null && seen !== ENGINE_VERSION,
    };
  }

  /** Starts the re-screen in the background (409 while one runs; 503 while the lists are not loaded). */
  async start(onProgress?: (done: number, total: number) => void): Promise<RescreenView> {
    if (this.#run)
      throw conflict('a re-screen is already running; GET /api/v2/subjects/rescreen shows its progress');
    this.lists.requireSearcher('v2');
    this.#view = {
      status: 'running',
      total: null,
      done: 0,
      alerts: 0,
      started_at: new Date().toISOString(),
      finished_at: null,
      error: null,
    };
    this.#run = this.#screenAll(onProgress).finally(() => {
      this.#run = null;
    });
    return this.status();
  }

  /** Waits for a running re-screen (tests, the CLI). */
  async idle(): Promise<void> {
    await this.#run;
  }

  /** Stops a running re-screen after its current step (shutdown); it reports failed, and can be run again. */
  async stop(): Promise<void> {
    this.#stopping = true;
    await this.#run;
    this.#stopping = false;
  }

  #stopping = false;

  async #screenAll(onProgress?: (done: number, total: number) => void): Promise<void> {
    try {
      const subjects: Subject[] = await this.store.activeSubjects();
      this.#view = { ...this.#view, total: subjects.length };
      onProgress?.(0, subjects.length);
      for (let i = 0; i < subjects.length; i += STEP) {
        if (this.#stopping) throw new Error('stopped by shutdown before it finished; run it again');
        const alerts = await screenSubjects(this.store, this.lists, subjects.slice(i, i + STEP));
        this.#view = {
          ...this.#view,
          done: Math.min(i + STEP, subjects.length),
          alerts: this.#view.alerts + alerts,
        };
        onProgress?.(this.#view.done, subjects.length);
      }
      const at = new Date().toISOString();
      await this.store.setMonitorState(STATE_KEY, ENGINE_VERSION, at);
      this.#view = { ...this.#view, status: 'done', finished_at: at };
    } catch (err) {
      this.#view = {
        ...this.#view,
        status: 'failed',
        finished_at: new Date().toISOString(),
        error: err instanceof Error ? err.message : String(err),
      };
    }
  }
}
