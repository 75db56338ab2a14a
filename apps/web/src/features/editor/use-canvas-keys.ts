import { useEffect, type RefObject } from 'react';
import {
  actionOfKey,
  canvasKeyPatch,
  type PlaceableTool,
  type PlacedLooks,
  type UpdateEditorState,
} from './canvas-keys.ts';

/** FilerobotImageEditor's defaults for a new drawing (its context/defaultConfig.js). */
const COMMON = {
  fill: '#000000',
  stroke: '#000000',
  strokeWidth: 0,
  shadowOffsetX: 0,
  shadowOffsetY: 0,
  shadowBlur: 0,
  shadowColor: '#000000',
  shadowOpacity: 1,
  opacity: 1,
};
const LIBRARY_LOOKS: PlacedLooks = {
  Text: {
    ...COMMON,
    fontFamily: 'Arial',
    fontSize: 14,
    letterSpacing: 0,
    lineHeight: 1,
    align: 'left',
    fontStyle: 'normal',
  },
  Rect: { ...COMMON, cornerRadius: 0 },
  Ellipse: COMMON,
  Polygon: { ...COMMON, sides: 3 },
  Line: { ...COMMON, lineCap: 'butt', strokeWidth: 1 },
  Arrow: { ...COMMON, lineCap: 'butt', strokeWidth: 6 },
};

/** How the dialog's drawings look over the library's defaults (its tools' props, such as `Text`). */
export function placedLooks(own: Partial<Record<PlaceableTool, Record<string, unknown>>>): PlacedLooks {
  return Object.fromEntries(
    Object.entries(LIBRARY_LOOKS).map(([tool, looks]) => [tool, { ...looks, ...own[tool as PlaceableTool] }]),
  ) as PlacedLooks;
}

/** The canvas's name and the id of the element that tells its keys. */
export interface CanvasKeysLabels {
  canvas: string;
  hintId: string;
  /** The name of the field the words of a text are edited in. */
  textField: string;
}

const CANVAS = '.FIE_canvas-node';
/** The library selects a drawing it added after this long, once the canvas has drawn it. */
const SELECT_AFTER_MS = 30;

/**
 * The editor's canvas as a keyboard control (See: [Note: The editor's canvas by keyboard]):
 * in the Tab order, named, described by the element `labels.hintId`, and its keys turned
 * into changes through `updateState` (FilerobotImageEditor's `updateStateFnRef`); Escape lets
 * go of a selection. While the words of a text are edited in the library's field, Escape
 * ends that, not the dialog. The focus comes back to the canvas when the control that had it
 * goes away.
 */
export function useCanvasKeys(
  ref: RefObject<HTMLElement | null>,
  updateState: RefObject<UpdateEditorState | undefined>,
  looks: PlacedLooks,
  labels: CanvasKeysLabels,
): void {
  const { canvas: canvasName, hintId, textField } = labels;
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    let editing: HTMLTextAreaElement | null = null;
    let focused: Element | null = null;
    const canvasNode = () => root.querySelector<HTMLElement>(CANVAS);
    const onFocusIn = (event: FocusEvent) => {
      focused = event.target instanceof Element ? event.target : null;
    };
    const update = () => {
      const canvas = canvasNode();
      if (canvas && canvas.tabIndex !== 0) {
        canvas.tabIndex = 0;
        canvas.setAttribute('role', 'application');
        canvas.setAttribute('aria-label', canvasName);
        canvas.setAttribute('aria-describedby', hintId);
      }
      if (editing && !editing.isConnected) editing = null;
      // A control that had the focus went away with what it acted on (the text's field when
      // its words are done, a selection's remove button): the focus goes back to the canvas
      // rather than to the page behind the dialog.
      if (focused && !focused.isConnected && !root.contains(document.activeElement)) {
        focused = null;
        canvas?.focus();
      }
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(root, { childList: true, subtree: true });

    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target;
      // The library's field for a text's words ends on Escape itself; the dialog stays.
      if (target instanceof HTMLTextAreaElement && target === editing && event.key === 'Escape') {
        event.stopPropagation();
        return;
      }
      if (!(target instanceof HTMLElement) || !target.matches(CANVAS)) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      // The library shows a selection's duplicate and remove buttons (next in the Tab order)
      // while one is selected: Escape lets go of the selection, not of the dialog.
      if (event.key === 'Escape' && root.querySelector('.FIE_annotation-controls-overlay')) {
        event.stopPropagation();
        updateState.current?.({ selectionsIds: [] });
        return;
      }
      const action = actionOfKey(event.key, event.shiftKey);
      const change = updateState.current;
      if (!action || !change) return;
      event.preventDefault();
      // Names a drawing Enter may place (ids only need to be unique within the editor).
      const id = `placed-${Math.random().toString(36).slice(2, 10)}`;
      change((state) => canvasKeyPatch(state, action, id, looks));
      if (action.kind !== 'enter') return;
      setTimeout(() => {
        // A placed drawing is selected, as the library does with one drawn by hand …
        change((state) =>
          state.annotations?.[id] && !state.selectionsIds?.includes(id) ? { selectionsIds: [id] } : undefined,
        );
        // … or the text's words are being edited in the library's field.
        const field = target.parentElement?.querySelector('textarea');
        if (field) {
          editing = field;
          field.setAttribute('aria-label', textField);
        }
      }, SELECT_AFTER_MS);
    };
    root.addEventListener('keydown', onKeyDown);
    root.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      root.removeEventListener('keydown', onKeyDown);
      root.removeEventListener('focusin', onFocusIn);
    };
  }, [ref, updateState, looks, canvasName, hintId, textField]);
}
