import { describe, expect, test } from 'vitest';
import {
  FILE_ACTIONS,
  offeredFileActions,
  shareFileFlags,
  type FileActionContext,
  type FileActionFlags,
  type FileActionSurface,
} from './registry.ts';

/*
 * The flags below are what the server's access table (apps/server/src/access/policy.ts,
 * currentUserCan) sends each role; policy.test.ts checks the server side of the same rows.
 */
const NONE: FileActionFlags = {
  deleteAnyFile: false,
  deleteOwnFile: false,
  addToAlbum: false,
  shareFiles: false,
  downloadFiles: true,
  needsSubscription: [],
};
const OWNER: FileActionFlags = {
  ...NONE,
  deleteAnyFile: true,
  deleteOwnFile: true,
  addToAlbum: true,
  shareFiles: true,
};
const PARTICIPANT: FileActionFlags = { ...NONE, deleteOwnFile: true, addToAlbum: true, shareFiles: true };
/** A read-only member: removes their own, the rest waits for a subscription (spec 000 §6). */
const READ_ONLY: FileActionFlags = {
  ...NONE,
  deleteOwnFile: true,
  needsSubscription: ['addToAlbum', 'shareFiles'],
};
const VISITOR: FileActionFlags = NONE;
/** The timeline's owner without a subscription. */
const READ_ONLY_TIMELINE: FileActionFlags = {
  ...OWNER,
  shareFiles: false,
  addToAlbum: false,
  needsSubscription: ['addPhotos', 'shareFiles'],
};

const MINE = { user_uuid: 'me' };
const THEIRS = { user_uuid: 'them' };

const context = (over: Partial<FileActionContext>): FileActionContext => ({
  place: 'album',
  can: PARTICIPANT,
  me: 'me',
  isReadOnly: false,
  files: [MINE],
  ...over,
});

/** The ids offered on `surface`, disabled ones marked with a trailing `-`. */
const offered = (surface: FileActionSurface, over: Partial<FileActionContext>) =>
  offeredFileActions(surface, context(over)).map(
    ({ action, isDisabled }) => action.id + (isDisabled ? '-' : ''),
  );

/** A processed photo of the caller's, as the viewer has it. */
const MY_PHOTO = {
  user_uuid: 'me',
  type: 'Pictures',
  name: 'IMG_1.jpg',
  jpeg_url: null,
  media_status: 'ready',
} as const;

describe('the photo editor action (issue #27)', () => {
  test("the owner's own photo, alone, in the viewer of the timeline or an album", () => {
    expect(offered('viewerToolbar', { place: 'timeline', can: OWNER, files: [MY_PHOTO] })).toContain('edit');
    expect(offered('viewerToolbar', { can: PARTICIPANT, files: [MY_PHOTO] })).toContain('edit');
    // Nowhere else: not in menus or the selection bar, not for two files.
    expect(offered('fileMenu', { place: 'timeline', can: OWNER, files: [MY_PHOTO] })).not.toContain('edit');
    expect(offered('selectionBar', { place: 'timeline', can: OWNER, files: [MY_PHOTO] })).not.toContain(
      'edit',
    );
    expect(offered('viewerToolbar', { can: OWNER, files: [MY_PHOTO, MY_PHOTO] })).not.toContain('edit');
  });

  test("never someone else's photo, a video, a document, a pending or undrawable file, or signed out", () => {
    const not = (file: object, over: Partial<FileActionContext> = {}) => {
      expect(
        offered('viewerToolbar', { can: OWNER, files: [{ ...MY_PHOTO, ...file }], ...over }),
      ).not.toContain('edit');
    };
    not({ user_uuid: 'them' });
    not({ type: 'Movies', name: 'clip.mp4' });
    not({ type: 'Documents', name: 'a.pdf' });
    not({ media_status: 'pending' });
    not({ name: 'raw.dng' });
    not({}, { me: undefined });
    not({}, { place: 'visitorAlbum' });
    not({}, { place: 'share' });
    // A HEIC through the JPEG the server made of it.
    not({ name: 'IMG_2.heic' });
    expect(
      offered('viewerToolbar', {
        can: OWNER,
        files: [{ ...MY_PHOTO, name: 'IMG_2.heic', jpeg_url: '/x.jpg' }],
      }),
    ).toContain('edit');
  });

  test('a read-only user sees it disabled with the subscribe tooltip: saving is an upload', () => {
    const timeline = {
      place: 'timeline' as const,
      can: READ_ONLY_TIMELINE,
      isReadOnly: true,
      files: [MY_PHOTO],
    };
    expect(offered('viewerToolbar', timeline)).toContain('edit-');
    const edit = offeredFileActions('viewerToolbar', context(timeline)).find((o) => o.action.id === 'edit');
    expect(edit?.hint).toBe('albumView.needsSubscription');
  });
});

describe('the file action registry (issue #23)', () => {
  test('every action has a label, an icon, a surface and a place', () => {
    for (const action of FILE_ACTIONS) {
      expect(action.label).not.toBe('');
      expect(action.surfaces.length, action.id).toBeGreaterThan(0);
      expect(action.places.length, action.id).toBeGreaterThan(0);
    }
    expect(new Set(FILE_ACTIONS.map((action) => action.id)).size).toBe(FILE_ACTIONS.length);
  });

  describe('in the timeline', () => {
    test('its owner downloads, adds to albums, shares and deletes', () => {
      const timeline = { place: 'timeline' as const, can: OWNER, files: [MINE] };
      for (const surface of ['selectionBar', 'fileMenu', 'viewerToolbar'] as const)
        expect(offered(surface, timeline)).toEqual(['download', 'addToAlbum', 'share', 'delete']);
    });

    test('a read-only owner sees Add to album and Share disabled, and still deletes (spec 000 §6)', () => {
      const timeline = { place: 'timeline' as const, can: READ_ONLY_TIMELINE, isReadOnly: true };
      expect(offered('fileMenu', timeline)).toEqual(['download', 'addToAlbum-', 'share-', 'delete']);
      const [, addToAlbum] = offeredFileActions('fileMenu', context(timeline));
      expect(addToAlbum?.hint).toBe('albums.readOnlyTooltip');
    });

    test('an empty selection (select mode) offers nothing', () => {
      expect(offered('selectionBar', { place: 'timeline', can: OWNER, files: [] })).toEqual([]);
    });
  });

  describe('in an album', () => {
    test('its owner removes any file and has no trash Delete there', () => {
      expect(offered('fileMenu', { can: OWNER, files: [THEIRS] })).toEqual([
        'download',
        'addToAlbum',
        'copyToTimeline',
        'share',
        'removeFromAlbum',
      ]);
      expect(offered('selectionBar', { can: OWNER, files: [THEIRS, MINE] })).toEqual([
        'download',
        'addToAlbum',
        'keepFiles',
        'share',
        'removeFromAlbum',
      ]);
    });

    test("a participant removes their own files and is not offered Remove on others' (the bug)", () => {
      expect(offered('fileMenu', { files: [MINE] })).toContain('removeFromAlbum');
      expect(offered('fileMenu', { files: [THEIRS] })).not.toContain('removeFromAlbum');
      expect(offered('viewerToolbar', { files: [THEIRS] })).not.toContain('removeFromAlbum');
      expect(offered('albumStrip', { files: [THEIRS] })).toEqual([]);
      expect(offered('albumStrip', { files: [MINE] })).toEqual(['removeFromAlbum']);
      // Nowhere in an album is there the timeline's Delete.
      expect(offered('selectionBar', { files: [MINE] })).not.toContain('delete');
    });

    test('a mixed selection offers Remove only when allowed for every file', () => {
      expect(offered('selectionBar', { files: [MINE, THEIRS] })).not.toContain('removeFromAlbum');
      expect(offered('selectionBar', { files: [MINE, MINE] })).toContain('removeFromAlbum');
      // A file the bar cannot see counts as not allowed.
      expect(offered('selectionBar', { files: [MINE, undefined] })).not.toContain('removeFromAlbum');
    });

    test('a signed-out caller owns nothing', () => {
      expect(offered('fileMenu', { me: undefined, files: [MINE] })).not.toContain('removeFromAlbum');
    });

    test('a read-only member removes their own, and sees the rest disabled (spec 000 §6)', () => {
      const readOnly = { can: READ_ONLY, isReadOnly: true };
      expect(offered('fileMenu', { ...readOnly, files: [MINE] })).toEqual([
        'download',
        'addToAlbum-',
        'copyToTimeline-',
        'share-',
        'removeFromAlbum',
      ]);
      expect(offered('fileMenu', { ...readOnly, files: [THEIRS] })).not.toContain('removeFromAlbum');
    });

    test('one-file actions stay off the selection bar, and keep-files off menus', () => {
      expect(offered('selectionBar', { files: [MINE] })).not.toContain('copyToTimeline');
      expect(offered('fileMenu', { files: [MINE] })).not.toContain('keepFiles');
    });
  });

  describe("on a visitor's shared album", () => {
    test('a visitor downloads only, signed in or not', () => {
      const visitor = { place: 'visitorAlbum' as const, can: VISITOR, files: [THEIRS] };
      for (const surface of ['fileMenu', 'viewerToolbar', 'selectionBar'] as const) {
        expect(offered(surface, { ...visitor, me: undefined })).toEqual(['download']);
        expect(offered(surface, visitor)).toEqual(['download']);
      }
    });
  });

  describe("on a share's page", () => {
    test('a recipient downloads; nothing there deletes or shares again', () => {
      const share = { place: 'share' as const, can: shareFileFlags({ can_copy: true }), files: [THEIRS] };
      expect(offered('viewerToolbar', share)).toEqual(['download']);
      expect(offered('viewerToolbar', { ...share, me: undefined })).toEqual(['download']);
    });
  });

  describe('in the documents', () => {
    test('their owner downloads, shares and deletes', () => {
      expect(offered('selectionBar', { place: 'documents', can: OWNER, files: [MINE, MINE] })).toEqual([
        'download',
        'share',
        'delete',
      ]);
    });
  });
});
