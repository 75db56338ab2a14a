/** Where the clock's offset is kept (billing_settings through the billing repository). */
export interface ClockStore {
  setting(key: string): Promise<string | undefined>;
  putSetting(key: string, value: string): Promise<void>;
}

const OFFSET_KEY = 'sandbox_clock_offset_ms';

/**
 * The sandbox provider's clock (issue #25): the server's time plus an offset that tests move
 * forward (POST /st/4/test/sandbox/clock) to reach renewals, trial ends and the grace period.
 * The offset lives in the database so every node and every restart agrees; `now()` must be
 * synchronous (the provider's option), so it reads the value loaded last: `refresh()` before
 * each billing action and sweep keeps nodes in step.
 */
export class SandboxClock {
  private offset = 0;
  private readonly store: ClockStore;
  private readonly base: () => number;

  constructor(store: ClockStore, base: () => number) {
    this.store = store;
    this.base = base;
  }

  readonly now = (): number => this.base() + this.offset;

  async refresh(): Promise<void> {
    const value = await this.store.setting(OFFSET_KEY);
    this.offset = value === undefined ? 0 : Number(value);
  }

  /** Moves the clock forward by `ms` (never back: time the sandbox billed stays billed). */
  async advance(ms: number): Promise<void> {
    await this.refresh();
    this.offset += Math.max(0, ms);
    await this.store.putSetting(OFFSET_KEY, String(this.offset));
  }
}
