import { describe, expect, test } from 'vitest';
import { actionOfKey, canvasKeyPatch, type EditorState, type PlacedLooks } from './canvas-keys.ts';
import { placedLooks } from './use-canvas-keys.ts';

const looks: PlacedLooks = placedLooks({ Text: { text: 'Your text', fontSize: 40, fill: '#ffffff' } });

/** A 400×300 picture as shown, cropped to a 160×90 box at (100, 50). */
const cropped = (over: Partial<EditorState> = {}): EditorState => ({
  tabId: 'Adjust',
  toolId: 'Crop',
  selectionsIds: [],
  annotations: {},
  shownImageDimensions: { width: 400, height: 300 },
  adjustments: { crop: { x: 100, y: 50, width: 160, height: 90 } },
  ...over,
});

const key = (name: string, shiftKey = false) => {
  const action = actionOfKey(name, shiftKey);
  if (!action) throw new Error(`no action for ${name}`);
  return action;
};

describe("the editor's canvas keys (See: [Note: The editor's canvas by keyboard])", () => {
  test('arrows step 1, with Shift 10; + and − size by a tenth; other keys do nothing', () => {
    expect(actionOfKey('ArrowLeft', false)).toEqual({ kind: 'move', dx: -1, dy: 0 });
    expect(actionOfKey('ArrowDown', true)).toEqual({ kind: 'move', dx: 0, dy: 10 });
    expect(actionOfKey('+', false)).toEqual({ kind: 'size', factor: 1.1 });
    expect(actionOfKey('-', false)).toEqual({ kind: 'size', factor: 1 / 1.1 });
    expect(actionOfKey('Enter', false)).toEqual({ kind: 'enter' });
    expect(actionOfKey('a', false)).toBeUndefined();
  });

  test('in the crop tool the arrows move the crop box, kept inside the picture', () => {
    expect(canvasKeyPatch(cropped(), key('ArrowRight', true), 'n', looks)).toEqual({
      isDesignState: true,
      adjustments: { crop: { x: 110, y: 50 } },
    });
    const atEdge = cropped({ adjustments: { crop: { x: 235, y: 205, width: 160, height: 90 } } });
    expect(canvasKeyPatch(atEdge, key('ArrowRight', true), 'n', looks)?.adjustments).toEqual({
      crop: { x: 240, y: 205 },
    });
    expect(canvasKeyPatch(atEdge, key('ArrowDown', true), 'n', looks)?.adjustments).toEqual({
      crop: { x: 235, y: 210 },
    });
    const inCorner = cropped({ adjustments: { crop: { x: 240, y: 210, width: 160, height: 90 } } });
    expect(canvasKeyPatch(inCorner, key('ArrowRight'), 'n', looks)).toBeUndefined();
    // Before the library has sized the box, there is nothing to move.
    const unsized = cropped({ adjustments: { crop: { x: 0, y: 0, width: null, height: null } } });
    expect(canvasKeyPatch(unsized, key('ArrowLeft'), 'n', looks)).toBeUndefined();
  });

  test('− and + size the crop box about its middle, keeping its proportions, up to the picture', () => {
    const smaller = canvasKeyPatch(cropped(), key('-'), 'n', looks)?.adjustments?.crop;
    expect(smaller?.width).toBeCloseTo(160 / 1.1);
    expect(smaller?.height).toBeCloseTo(90 / 1.1);
    expect((smaller?.x ?? 0) + (smaller?.width ?? 0) / 2).toBeCloseTo(180);
    expect((smaller?.y ?? 0) + (smaller?.height ?? 0) / 2).toBeCloseTo(95);
    // Grown past the picture's width: as wide as the picture, the same proportions.
    const wide = cropped({ adjustments: { crop: { x: 10, y: 10, width: 380, height: 100 } } });
    const grown = canvasKeyPatch(wide, key('+'), 'n', looks)?.adjustments?.crop;
    expect([grown?.x, grown?.width]).toEqual([0, 400]);
    expect(grown?.height).toBeCloseTo((100 * 400) / 380);
    expect((grown?.y ?? 0) + (grown?.height ?? 0) / 2).toBeCloseTo(60);
    // Not below the library's smallest box.
    const tiny = cropped({ adjustments: { crop: { x: 10, y: 10, width: 15, height: 15 } } });
    expect(canvasKeyPatch(tiny, key('-'), 'n', looks)).toBeUndefined();
  });

  const drawing = cropped({
    tabId: 'Annotate',
    toolId: 'Rect',
    selectionsIds: ['r1', 't1'],
    annotations: {
      r1: { id: 'r1', name: 'Rect', x: 255, y: 60, width: 20, height: 20 },
      t1: { id: 't1', name: 'Text', x: 120, y: 70, width: 100, height: 50, fontSize: 40 },
      other: { id: 'other', name: 'Ellipse', x: 150, y: 100 },
    },
  });

  test('outside the crop tool the arrows move the selected drawings, kept on the kept part', () => {
    expect(canvasKeyPatch(drawing, key('ArrowRight', true), 'n', looks)).toEqual({
      isDesignState: true,
      // The crop box ends at x 260.
      annotations: { r1: { x: 260, y: 60 }, t1: { x: 130, y: 70 } },
    });
    expect(canvasKeyPatch({ ...drawing, selectionsIds: [] }, key('ArrowUp'), 'n', looks)).toBeUndefined();
  });

  test('+ sizes a shape by its scale and a text by its letters', () => {
    expect(canvasKeyPatch(drawing, key('+'), 'n', looks)?.annotations).toEqual({
      r1: { scaleX: 1.1, scaleY: 1.1 },
      t1: { fontSize: 44, width: expect.closeTo(110) as number, height: expect.closeTo(55) as number },
    });
  });

  test('Enter places the chosen shape in the middle of the kept part, one undoable step', () => {
    const patch = canvasKeyPatch({ ...drawing, selectionsIds: [] }, key('Enter'), 'new-1', looks);
    expect(patch?.isDesignState).toBe(true);
    // The crop box's middle is (180, 95); a quarter of its shorter side is 22.5.
    expect(patch?.annotations?.['new-1']).toMatchObject({
      id: 'new-1',
      name: 'Rect',
      x: 180 - 11.25,
      y: 95 - 11.25,
      width: 22.5,
      height: 22.5,
      fill: '#000000',
    });
    const text = canvasKeyPatch(
      { ...drawing, toolId: 'Text', selectionsIds: [] },
      key('Enter'),
      'new-2',
      looks,
    );
    expect(text?.annotations?.['new-2']).toMatchObject({
      name: 'Text',
      text: 'Your text',
      fontSize: 40,
      fill: '#ffffff',
      width: 128,
      height: 100,
      x: 180 - 64,
      y: 95 - 50,
    });
  });

  test('Page Down and Page Up select the next and the previous drawing, with its tool, in turn', () => {
    const one = { ...drawing, selectionsIds: ['t1'] };
    expect(canvasKeyPatch(one, key('PageDown'), 'n', looks)).toEqual({
      selectionsIds: ['other'],
      toolId: 'Ellipse',
    });
    expect(canvasKeyPatch({ ...one, selectionsIds: ['other'] }, key('PageDown'), 'n', looks)).toEqual({
      selectionsIds: ['r1'],
      toolId: 'Rect',
    });
    expect(canvasKeyPatch({ ...one, selectionsIds: [] }, key('PageUp'), 'n', looks)).toEqual({
      selectionsIds: ['other'],
      toolId: 'Ellipse',
    });
    // Not outside the drawing tab, and never the watermark (its own tab places it).
    expect(canvasKeyPatch(cropped(), key('PageDown'), 'n', looks)).toBeUndefined();
    const watermarked = cropped({
      tabId: 'Annotate',
      annotations: { watermark: { id: 'watermark', name: 'Text', x: 0, y: 0 } },
    });
    expect(canvasKeyPatch(watermarked, key('PageDown'), 'n', looks)).toBeUndefined();
  });

  test('Enter edits the words of the one selected text; the pen and the crop tool place nothing', () => {
    expect(canvasKeyPatch({ ...drawing, selectionsIds: ['t1'] }, key('Enter'), 'n', looks)).toEqual({
      textIdOfEditableContent: 't1',
    });
    expect(
      canvasKeyPatch({ ...drawing, toolId: 'Pen', selectionsIds: [] }, key('Enter'), 'n', looks),
    ).toBeUndefined();
    expect(canvasKeyPatch(cropped(), key('Enter'), 'n', looks)).toBeUndefined();
    expect(
      canvasKeyPatch({ ...drawing, tabId: 'Filters', selectionsIds: [] }, key('Enter'), 'n', looks),
    ).toBeUndefined();
  });
});
