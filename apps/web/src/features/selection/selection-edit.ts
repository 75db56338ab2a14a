import type { MonthKey, SelectionState } from './types.ts';

/** What an edit changed, to merge into the next state. */
export interface EditResult {
  readonly selected: ReadonlyMap<MonthKey, ReadonlySet<string>>;
  readonly count: number;
  /** Some file was left out because the selection was at its maximum (spec 000 §8). */
  readonly isLimitHit: boolean;
}

/**
 * A copy-on-write change to the selection: each month's set is copied once, the first time
 * it changes, so selecting in one 20,000-file month does not copy the other 100,000 selected
 * ids. Months whose set empties are dropped, so `selected` holds only non-empty sets.
 */
export class SelectionEdit {
  readonly #state: SelectionState;
  #selected: Map<MonthKey, ReadonlySet<string>> | undefined;
  readonly #copied = new Map<MonthKey, Set<string>>();
  #count: number;
  #isLimitHit = false;

  constructor(state: SelectionState) {
    this.#state = state;
    this.#count = state.count;
  }

  /**
   * Selects `ids` of `month` in order until the maximum is reached (spec 000 §5: never above
   * the maximum). Returns false once the maximum stopped it, so callers stop adding.
   */
  add(month: MonthKey, ids: Iterable<string>): boolean {
    const current = this.#current(month);
    let target: Set<string> | undefined;
    for (const id of ids) {
      if (current?.has(id) || target?.has(id)) continue;
      if (this.#count >= this.#state.maxCount) {
        this.#isLimitHit = true;
        return false;
      }
      target ??= this.#writable(month);
      target.add(id);
      this.#count += 1;
    }
    return true;
  }

  /** Deselects `ids` of `month`. */
  remove(month: MonthKey, ids: Iterable<string>): void {
    const current = this.#current(month);
    if (!current) return;
    let target: Set<string> | undefined;
    for (const id of ids) {
      if (!(target ?? current).has(id)) continue;
      target ??= this.#writable(month);
      target.delete(id);
      this.#count -= 1;
    }
    if (target?.size === 0) this.#map().delete(month);
  }

  /** Deselects every file of `month`, loaded or not. */
  removeMonth(month: MonthKey): void {
    const current = this.#current(month);
    if (!current) return;
    this.#count -= current.size;
    this.#map().delete(month);
    this.#copied.delete(month);
  }

  /** Keeps only the ids of `month` that `keep` accepts. */
  retain(month: MonthKey, keep: (id: string) => boolean): void {
    const current = this.#current(month);
    if (!current) return;
    const dropped: string[] = [];
    for (const id of current) if (!keep(id)) dropped.push(id);
    if (dropped.length > 0) this.remove(month, dropped);
  }

  /** The change, or the state's own map when nothing changed (so callers can keep identity). */
  finish(): EditResult {
    return {
      selected: this.#selected ?? this.#state.selected,
      count: this.#count,
      isLimitHit: this.#isLimitHit,
    };
  }

  #current(month: MonthKey): ReadonlySet<string> | undefined {
    return (this.#selected ?? this.#state.selected).get(month);
  }

  #map(): Map<MonthKey, ReadonlySet<string>> {
    this.#selected ??= new Map(this.#state.selected);
    return this.#selected;
  }

  #writable(month: MonthKey): Set<string> {
    let set = this.#copied.get(month);
    if (!set) {
      set = new Set(this.#current(month));
      this.#copied.set(month, set);
      this.#map().set(month, set);
    }
    return set;
  }
}
