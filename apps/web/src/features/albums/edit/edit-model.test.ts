import { describe, expect, test } from 'vitest';
import {
  NEW_ALBUM_DEFAULTS,
  batches,
  canCreate,
  canSaveUserName,
  createBody,
  crossedMax,
  needsUserName,
  pickerStatus,
  shouldDeleteOnCancel,
  titleError,
  titleToSave,
} from './edit-model.ts';

describe('album title rules (spec 000 §5)', () => {
  test('a shared album needs a title that is not only whitespace', () => {
    expect(titleError('', true)).toBe('sharedNeedsName');
    expect(titleError('  \t ', true)).toBe('sharedNeedsName');
    expect(titleError('Trip', true)).toBeUndefined();
  });
  test('a private album may stay unnamed', () => {
    expect(titleError('', false)).toBeUndefined();
  });
  test('255 characters is the most', () => {
    expect(titleError('a'.repeat(255), true)).toBeUndefined();
    expect(titleError('a'.repeat(256), false)).toBe('tooLong');
  });
});

describe('create button (spec 000 §5)', () => {
  test('the defaults are a shared album with comments and uploads on, not creatable until named', () => {
    expect(NEW_ALBUM_DEFAULTS).toEqual({
      title: '',
      isShared: true,
      allowComments: true,
      allowUploads: true,
    });
    expect(canCreate(NEW_ALBUM_DEFAULTS, false)).toBe(false);
    expect(canCreate({ ...NEW_ALBUM_DEFAULTS, title: 'Trip' }, false)).toBe(true);
  });
  test('a private album may be created unnamed, but not while one is being saved', () => {
    const unnamed = { ...NEW_ALBUM_DEFAULTS, isShared: false };
    expect(canCreate(unnamed, false)).toBe(true);
    expect(canCreate(unnamed, true)).toBe(false);
  });
  test('a shared album asks for the user name when the account has none', () => {
    const shared = { ...NEW_ALBUM_DEFAULTS, title: 'Trip' };
    expect(needsUserName(shared, '')).toBe(true);
    expect(needsUserName(shared, ' ')).toBe(true);
    expect(needsUserName(shared, 'Ada')).toBe(false);
    expect(needsUserName({ ...shared, isShared: false }, '')).toBe(false);
  });
  test("the set-name modal's Done needs a non-empty name of at most 255", () => {
    expect(canSaveUserName('')).toBe(false);
    expect(canSaveUserName('   ')).toBe(false);
    expect(canSaveUserName('Ada')).toBe(true);
    expect(canSaveUserName('a'.repeat(256))).toBe(false);
  });
  test('POST /jobs gets the spec field names; a private album carries the default permissions', () => {
    expect(createBody({ title: ' Trip ', isShared: true, allowComments: false, allowUploads: true })).toEqual(
      {
        name: 'Trip',
        public: true,
        allow_comments: false,
        allow_uploads: true,
      },
    );
    expect(createBody({ title: '', isShared: false, allowComments: false, allowUploads: false })).toEqual({
      name: '',
      public: false,
      allow_comments: true,
      allow_uploads: true,
    });
  });
});

describe('title saved on blur (spec 000 §5)', () => {
  test('a changed, valid title is saved, trimmed', () => {
    expect(titleToSave(' Summer ', 'Trip', { isShared: true, hasTyped: true })).toBe('Summer');
  });
  test('nothing is saved when unchanged, invalid, or only cleared by the first focus', () => {
    expect(titleToSave('Trip', 'Trip', { isShared: true, hasTyped: true })).toBeUndefined();
    expect(titleToSave(' ', 'Trip', { isShared: true, hasTyped: true })).toBeUndefined();
    expect(titleToSave('', 'Trip', { isShared: false, hasTyped: false })).toBeUndefined();
  });
  test('a private album may be renamed to nothing on purpose', () => {
    expect(titleToSave('', 'Trip', { isShared: false, hasTyped: true })).toBe('');
  });
});

describe('picker counter (spec 000 §5 photo selection for a picker)', () => {
  test('Next is active only when 0 < count ≤ max', () => {
    expect(pickerStatus(0, 5)).toEqual({ canAdd: false, isOverMax: false });
    expect(pickerStatus(5, 5)).toEqual({ canAdd: true, isOverMax: false });
    expect(pickerStatus(6, 5)).toEqual({ canAdd: false, isOverMax: true });
  });
  test('without a maximum any count above 0 may be added', () => {
    expect(pickerStatus(10_000, undefined)).toEqual({ canAdd: true, isOverMax: false });
  });
  test('the limit prompt comes once, when the count goes above the maximum', () => {
    expect(crossedMax(5, 6, 5)).toBe(true);
    expect(crossedMax(2, 9, 5)).toBe(true);
    expect(crossedMax(6, 7, 5)).toBe(false);
    expect(crossedMax(4, 5, 5)).toBe(false);
    expect(crossedMax(4, 9, undefined)).toBe(false);
  });
});

describe('copies and cancel', () => {
  test('ids go 500 to a call', () => {
    const ids = Array.from({ length: 1001 }, (_, i) => String(i));
    expect(batches(ids).map((part) => part.length)).toEqual([500, 500, 1]);
    expect(batches([])).toEqual([]);
  });
  test('only an album created here and never given a photo is deleted on cancel (spec 000 §4)', () => {
    expect(shouldDeleteOnCancel({ isCreatedHere: true, fileCount: 0, isReceiving: false })).toBe(true);
    expect(shouldDeleteOnCancel({ isCreatedHere: true, fileCount: 1, isReceiving: false })).toBe(false);
    expect(shouldDeleteOnCancel({ isCreatedHere: true, fileCount: 0, isReceiving: true })).toBe(false);
    expect(shouldDeleteOnCancel({ isCreatedHere: false, fileCount: 0, isReceiving: false })).toBe(false);
  });
});
