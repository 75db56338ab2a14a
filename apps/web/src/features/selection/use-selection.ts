import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  type ReactNode,
} from 'react';
import {
  initialSelectionState,
  selectionReducer,
  type MonthKey,
  type SelectionAction,
  type SelectionMonth,
  type SelectionState,
} from './model.ts';

type Dispatch = (action: SelectionAction) => void;

/** Options of {@link useSelection}. */
export interface SelectionOptions {
  /** The grid's months, newest first; a new array re-syncs the selection, so keep it memoised. */
  months: readonly SelectionMonth[];
  /** The most files that may be selected (spec 000 §5 picker maximum); unbounded when left out. */
  maxCount?: number;
  /** Called each time an action hits `maxCount`: show the selection-limit toast (spec 000 §8). */
  onLimitReached?: () => void;
}

/** Callbacks for the grid; their identities never change. `month` spares a search when given. */
export interface SelectionActions {
  monthLoaded: (month: MonthKey, ids: readonly string[]) => void;
  monthUnloaded: (month: MonthKey) => void;
  toggle: (id: string, month?: MonthKey) => void;
  shiftClick: (id: string, month?: MonthKey) => void;
  /** A click on a file's checkbox: a range with shift held, else a toggle. */
  click: (id: string, isShiftHeld: boolean, month?: MonthKey) => void;
  /** The pointer entered a file, or left the grid (`id` undefined). */
  hover: (id: string | undefined, isShiftHeld?: boolean, month?: MonthKey) => void;
  selectMonth: (month: MonthKey) => void;
  deselectMonth: (month: MonthKey) => void;
  selectYear: (year: number) => void;
  deselectYear: (year: number) => void;
  /** A long press: select mode, with the pressed file selected. */
  enterSelectMode: (id?: string, month?: MonthKey) => void;
  clear: () => void;
  remove: (ids: Iterable<string>) => void;
  cancelPending: () => void;
  /** Shift pressed or released; the hook's own key listener already calls it. */
  shiftKey: (isHeld: boolean) => void;
}

/** The selection state of a grid and the callbacks that change it. */
export interface Selection {
  state: SelectionState;
  actions: SelectionActions;
}

/**
 * The timeline selection (See: [Note: Timeline selection]) held in a reducer, kept in step
 * with `months` and `maxCount`. While mounted, Escape clears the selection (spec 000 §4) and
 * the Shift key shows or hides the range preview.
 */
export function useSelection({ months, maxCount, onLimitReached }: SelectionOptions): Selection {
  const [state, dispatch] = useReducer(selectionReducer, { months, maxCount }, initialSelectionState);
  // Adjusting state while rendering, as React advises for state derived from props: the
  // first render already sees the new months, with no effect and no second paint.
  if (state.months !== months) dispatch({ type: 'setMonths', months });
  if (state.maxCount !== (maxCount ?? Infinity)) dispatch({ type: 'setMaxCount', maxCount });

  const actions = useMemo(() => bindActions(dispatch), []);
  useSelectionKeys(actions);

  // Only a new limit hit calls back, not a new callback identity.
  const limitCallback = useRef(onLimitReached);
  useEffect(() => {
    limitCallback.current = onLimitReached;
  }, [onLimitReached]);
  const { limitReached } = state;
  useEffect(() => {
    if (limitReached > 0) limitCallback.current?.();
  }, [limitReached]);

  return { state, actions };
}

function bindActions(dispatch: Dispatch): SelectionActions {
  // The file under the pointer, remembered so that pressing Shift shows the range preview at once.
  let hovered: { id: string | undefined; month: MonthKey | undefined } = { id: undefined, month: undefined };
  return {
    monthLoaded: (month, ids) => {
      dispatch({ type: 'monthLoaded', month, ids });
    },
    monthUnloaded: (month) => {
      dispatch({ type: 'monthUnloaded', month });
    },
    toggle: (id, month) => {
      dispatch({ type: 'toggle', id, month });
    },
    shiftClick: (id, month) => {
      dispatch({ type: 'shiftClick', id, month });
    },
    click: (id, isShiftHeld, month) => {
      dispatch({ type: isShiftHeld ? 'shiftClick' : 'toggle', id, month });
    },
    hover: (id, isShiftHeld, month) => {
      hovered = { id, month };
      dispatch({ type: 'hover', id, isShiftHeld, month });
    },
    selectMonth: (month) => {
      dispatch({ type: 'selectMonth', month });
    },
    deselectMonth: (month) => {
      dispatch({ type: 'deselectMonth', month });
    },
    selectYear: (year) => {
      dispatch({ type: 'selectYear', year });
    },
    deselectYear: (year) => {
      dispatch({ type: 'deselectYear', year });
    },
    enterSelectMode: (id, month) => {
      dispatch({ type: 'enterSelectMode', id, month });
    },
    clear: () => {
      dispatch({ type: 'clear' });
    },
    remove: (ids) => {
      dispatch({ type: 'remove', ids });
    },
    shiftKey: (isHeld) => {
      dispatch(isHeld ? { type: 'hover', ...hovered, isShiftHeld: true } : { type: 'shiftKey', isHeld });
    },
    cancelPending: () => {
      dispatch({ type: 'cancelPending' });
    },
  };
}

/** Escape clears (spec 000 §4); Shift held shows the range preview. A handled Escape (a dialog's) is left alone. */
function useSelectionKeys(actions: SelectionActions): void {
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Shift') actions.shiftKey(true);
      else if (event.key === 'Escape' && !event.defaultPrevented) actions.clear();
    };
    const handleKeyUp = (event: KeyboardEvent) => {
      if (event.key === 'Shift') actions.shiftKey(false);
    };
    // A Shift released in another window sends no keyup here.
    const handleBlur = () => {
      actions.shiftKey(false);
    };
    window.addEventListener('keydown', handleKeyDown);
    window.addEventListener('keyup', handleKeyUp);
    window.addEventListener('blur', handleBlur);
    return () => {
      window.removeEventListener('keydown', handleKeyDown);
      window.removeEventListener('keyup', handleKeyUp);
      window.removeEventListener('blur', handleBlur);
    };
  }, [actions]);
}

const SelectionStateContext = createContext<SelectionState | undefined>(undefined);
const SelectionActionsContext = createContext<SelectionActions | undefined>(undefined);

/** Shares a {@link useSelection} result with the grid below: state and actions in separate contexts. */
export function SelectionProvider({ selection, children }: { selection: Selection; children?: ReactNode }) {
  return createElement(
    SelectionActionsContext.Provider,
    { value: selection.actions },
    createElement(SelectionStateContext.Provider, { value: selection.state }, children),
  );
}

/** The selection state of the enclosing {@link SelectionProvider}. */
export function useSelectionState(): SelectionState {
  const state = useContext(SelectionStateContext);
  if (!state) throw new Error('useSelectionState needs a SelectionProvider');
  return state;
}

/** The selection actions of the enclosing {@link SelectionProvider}; they never change, so readers do not re-render. */
export function useSelectionActions(): SelectionActions {
  const actions = useContext(SelectionActionsContext);
  if (!actions) throw new Error('useSelectionActions needs a SelectionProvider');
  return actions;
}
