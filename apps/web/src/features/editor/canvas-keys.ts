/*
 * [Note: The editor's canvas by keyboard] FilerobotImageEditor draws the picture, the crop
 * box and the drawings on a Konva canvas, and places and moves them only by pointer: a text
 * or a shape is drawn by dragging, the crop box is dragged and sized by its corners, and
 * nothing answers a key but Space (panning). Its public props give a way in without forking
 * it: `updateStateFnRef` hands out a function that merges a change into its state, and takes
 * a function of the current state too (its UPDATE_STATE action; `isDesignState` in the change
 * makes it one step of its undo history, as its own actions do). The state's shape is its
 * design state (index.d.ts imageDesignState: annotations, adjustments.crop, in the
 * coordinates of the picture as shown, shownImageDimensions) and where the user is (tabId,
 * toolId, selectionsIds). So the canvas becomes a focusable control here, and its keys make
 * such changes: the arrows move the crop box or the selected drawings, + and − size them,
 * Enter places the chosen text or shape in the middle of the picture, or edits the words of
 * the selected text (the library's own text field, textIdOfEditableContent); Page Down and
 * Page Up select the next or the previous drawing, as a click on it would; Escape lets go of
 * a selection (use-canvas-keys.ts). The library's remove and duplicate buttons of a selection
 * are Tab's next stops; a Delete key pressing the remove button was left out: the library's
 * removal edits its state in place, and a second update in the same turn (as a key's) then
 * rendered a selection of a removed drawing and crashed the editor. What stays
 * pointer-only is in docs/SPEC-DEVIATIONS.md "Photo editor by keyboard".
 */

/** A drawing of the design state, as far as the keys read it. */
export interface Annotation {
  id: string;
  name: string;
  x: number;
  y: number;
  scaleX?: number;
  scaleY?: number;
  width?: number;
  height?: number;
  fontSize?: number;
}

/** The crop box: null sizes until the library has fitted it to the picture. */
export interface CropBox {
  x?: number | null;
  y?: number | null;
  width?: number | null;
  height?: number | null;
  /** A preset that crops nothing (the library's noEffect). */
  noEffect?: boolean;
}

/** What the keys read of FilerobotImageEditor's state. */
export interface EditorState {
  tabId?: string | null;
  toolId?: string | null;
  selectionsIds?: readonly string[];
  annotations?: Readonly<Record<string, Annotation>>;
  shownImageDimensions?: { width?: number; height?: number };
  adjustments?: { crop?: CropBox };
}

/** A change the library merges into its state; `isDesignState` makes it an undoable step. */
export interface EditorPatch {
  isDesignState?: boolean;
  toolId?: string;
  annotations?: Record<string, Record<string, unknown>>;
  adjustments?: { crop: CropBox };
  selectionsIds?: string[];
  textIdOfEditableContent?: string;
}

/** `updateStateFnRef`'s function (its type in the library's index.d.ts is looser). */
export type UpdateEditorState = (
  change: EditorPatch | ((state: EditorState) => EditorPatch | undefined),
) => void;

/** What a key asks for. */
export type CanvasAction =
  | { kind: 'move'; dx: number; dy: number }
  | { kind: 'size'; factor: number }
  /** The next (or previous) drawing selected, in the order they were made. */
  | { kind: 'select'; step: 1 | -1 }
  | { kind: 'enter' };

/** Steps in pixels of the picture as shown; with Shift, ten times further. */
const STEP = 1;
const LONG_STEP = 10;
/** + and − size by a tenth. */
const SIZE_FACTOR = 1.1;
/** The library's smallest crop box (its MIN_CROP). */
const MIN_CROP = 14;

/** The action of a key on the canvas, with Shift or not; undefined for any other key. */
export function actionOfKey(key: string, shiftKey: boolean): CanvasAction | undefined {
  const step = shiftKey ? LONG_STEP : STEP;
  switch (key) {
    case 'ArrowLeft':
      return { kind: 'move', dx: -step, dy: 0 };
    case 'ArrowRight':
      return { kind: 'move', dx: step, dy: 0 };
    case 'ArrowUp':
      return { kind: 'move', dx: 0, dy: -step };
    case 'ArrowDown':
      return { kind: 'move', dx: 0, dy: step };
    case '+':
    case '=':
      return { kind: 'size', factor: SIZE_FACTOR };
    case '-':
    case '_':
      return { kind: 'size', factor: 1 / SIZE_FACTOR };
    case 'PageDown':
      return { kind: 'select', step: 1 };
    case 'PageUp':
      return { kind: 'select', step: -1 };
    case 'Enter':
      return { kind: 'enter' };
    default:
      return undefined;
  }
}

const clamp = (value: number, low: number, high: number) =>
  Math.min(Math.max(value, low), Math.max(low, high));

const picture = (state: EditorState) => ({
  width: state.shownImageDimensions?.width ?? 0,
  height: state.shownImageDimensions?.height ?? 0,
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The crop box, once the library has sized it. */
function cropOf(state: EditorState): Box | undefined {
  const crop = state.adjustments?.crop;
  if (!crop?.width || !crop.height) return undefined;
  return { x: crop.x ?? 0, y: crop.y ?? 0, width: crop.width, height: crop.height };
}

/** What the saved picture will hold, outside the crop tool: the crop box, or all of it. */
function keptArea(state: EditorState): Box {
  const crop = state.adjustments?.crop?.noEffect === true ? undefined : cropOf(state);
  return crop ?? { x: 0, y: 0, ...picture(state) };
}

/** The crop box moved, kept inside the picture. */
function movedCrop(state: EditorState, dx: number, dy: number): EditorPatch | undefined {
  const crop = cropOf(state);
  if (!crop) return undefined;
  const { width, height } = picture(state);
  const x = clamp(crop.x + dx, 0, width - crop.width);
  const y = clamp(crop.y + dy, 0, height - crop.height);
  if (x === crop.x && y === crop.y) return undefined;
  return { isDesignState: true, adjustments: { crop: { x, y } } };
}

/** The crop box sized about its middle, keeping its proportions, inside the picture. */
function sizedCrop(state: EditorState, factor: number): EditorPatch | undefined {
  const crop = cropOf(state);
  if (!crop) return undefined;
  const { width, height } = picture(state);
  const fit = Math.min(1, width / (crop.width * factor), height / (crop.height * factor));
  const w = crop.width * factor * fit;
  const h = crop.height * factor * fit;
  if (Math.min(w, h) < MIN_CROP || (w === crop.width && h === crop.height)) return undefined;
  const x = clamp(crop.x + (crop.width - w) / 2, 0, width - w);
  const y = clamp(crop.y + (crop.height - h) / 2, 0, height - h);
  return { isDesignState: true, adjustments: { crop: { x, y, width: w, height: h } } };
}

const selected = (state: EditorState): Annotation[] =>
  (state.selectionsIds ?? []).flatMap((id) => state.annotations?.[id] ?? []);

/** Each selected drawing moved, its corner kept on what the picture keeps. */
function movedSelection(state: EditorState, dx: number, dy: number): EditorPatch | undefined {
  const drawings = selected(state);
  if (drawings.length === 0) return undefined;
  const area = keptArea(state);
  const annotations = Object.fromEntries(
    drawings.map((a) => [
      a.id,
      {
        x: clamp(a.x + dx, area.x, area.x + area.width),
        y: clamp(a.y + dy, area.y, area.y + area.height),
      },
    ]),
  );
  return { isDesignState: true, annotations };
}

/**
 * Each selected drawing sized: a text by its letters (and its box with them, as the library
 * keeps a text's scale at 1), any other by its scale.
 */
function sizedSelection(state: EditorState, factor: number): EditorPatch | undefined {
  const drawings = selected(state);
  if (drawings.length === 0) return undefined;
  const annotations = Object.fromEntries(
    drawings.map((a) => [
      a.id,
      a.name === 'Text'
        ? {
            fontSize: Math.max(1, Math.round((a.fontSize ?? 14) * factor)),
            ...(a.width !== undefined && { width: a.width * factor }),
            ...(a.height !== undefined && { height: a.height * factor }),
          }
        : { scaleX: (a.scaleX ?? 1) * factor, scaleY: (a.scaleY ?? 1) * factor },
    ]),
  );
  return { isDesignState: true, annotations };
}

/** How a new drawing looks: the library's defaults (its defaultConfig.js) with the dialog's own. */
export type PlacedLooks = Readonly<Record<PlaceableTool, Readonly<Record<string, unknown>>>>;

/** The drawings Enter places: the pen draws a line that only a hand gives. */
export const PLACEABLE_TOOLS = ['Text', 'Rect', 'Ellipse', 'Polygon', 'Line', 'Arrow'] as const;
export type PlaceableTool = (typeof PLACEABLE_TOOLS)[number];
const isPlaceable = (tool: string | null | undefined): tool is PlaceableTool =>
  (PLACEABLE_TOOLS as readonly (string | null | undefined)[]).includes(tool);

/**
 * A new drawing of `tool` in the middle of what the picture keeps (its crop), a quarter of
 * its shorter side across (a text: a box of four fifths of its width, two lines high), with
 * the geometry the library gives one drawn by hand (getNewAnnotationPreview.js: a
 * text's box, a rectangle's size, an ellipse's and a polygon's radius about their middle, a
 * line's points from its start).
 */
export function placedDrawing(
  state: EditorState,
  tool: PlaceableTool,
  id: string,
  looks: PlacedLooks,
): Record<string, unknown> {
  const area = keptArea(state);
  const middle = { x: area.x + area.width / 2, y: area.y + area.height / 2 };
  const side = Math.max(1, Math.min(area.width, area.height) / 4);
  const left = middle.x - side / 2;
  const top = middle.y - side / 2;
  const own: Readonly<Record<string, unknown>> = looks[tool];
  const base = { ...own, id, name: tool };
  switch (tool) {
    case 'Text': {
      const fontSize = typeof own.fontSize === 'number' ? own.fontSize : 14;
      const box = { width: (area.width * 4) / 5, height: fontSize * 2.5 };
      return { ...base, ...box, x: middle.x - box.width / 2, y: middle.y - box.height / 2 };
    }
    case 'Rect':
      return { ...base, x: left, y: top, width: side, height: side };
    case 'Ellipse':
      return {
        ...base,
        x: left,
        y: top,
        radiusX: side / 2,
        radiusY: side / 2,
        offsetX: -side / 2,
        offsetY: -side / 2,
      };
    case 'Polygon':
      return { ...base, x: left, y: top, radius: side / 2, offsetX: -side / 2, offsetY: -side / 2 };
    case 'Line':
    case 'Arrow':
      return { ...base, x: left, y: middle.y, points: [0, 0, side, 0] };
  }
}

/** The library's overlay on the whole picture: its own tab places it, it is never selected. */
const WATERMARK_ID = 'watermark';

/**
 * The drawing after (or before) the selected one selected, with its tool, as a click on it
 * does (useAnnotationEvents.js), in the drawing tab.
 */
function selectedNext(state: EditorState, step: 1 | -1): EditorPatch | undefined {
  if (state.tabId !== 'Annotate') return undefined;
  const drawings = Object.values(state.annotations ?? {}).filter((a) => a.id !== WATERMARK_ID);
  if (drawings.length === 0) return undefined;
  const at = drawings.findIndex((a) => a.id === state.selectionsIds?.[0]);
  const next =
    drawings[
      at === -1 ? (step === 1 ? 0 : drawings.length - 1) : (at + step + drawings.length) % drawings.length
    ];
  return next && { selectionsIds: [next.id], toolId: next.name };
}

/**
 * Enter: the words of the one selected text to edit; else, in the drawing tab with a text
 * or shape tool chosen, a new one placed (selected just after, See: useCanvasKeys).
 */
function entered(state: EditorState, id: string, looks: PlacedLooks): EditorPatch | undefined {
  const drawings = selected(state);
  const [only] = drawings;
  if (drawings.length === 1 && only?.name === 'Text') return { textIdOfEditableContent: only.id };
  if (state.tabId !== 'Annotate' || !isPlaceable(state.toolId)) return undefined;
  return { isDesignState: true, annotations: { [id]: placedDrawing(state, state.toolId, id, looks) } };
}

/**
 * The change a key makes to the editor's state: in the crop tool, to the crop box; else to
 * the selected drawings, or a new one. `id` names a drawing Enter would place.
 */
export function canvasKeyPatch(
  state: EditorState,
  action: CanvasAction,
  id: string,
  looks: PlacedLooks,
): EditorPatch | undefined {
  const isCrop = state.toolId === 'Crop';
  switch (action.kind) {
    case 'move':
      return isCrop ? movedCrop(state, action.dx, action.dy) : movedSelection(state, action.dx, action.dy);
    case 'size':
      return isCrop ? sizedCrop(state, action.factor) : sizedSelection(state, action.factor);
    case 'select':
      return selectedNext(state, action.step);
    case 'enter':
      return isCrop ? undefined : entered(state, id, looks);
  }
}
