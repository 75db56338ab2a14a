/*
 * The uploads' face (See: [Note: Feature faces]): the app's one upload queue (its provider,
 * panel layer and hooks), picking and walking files, and the drop claims a screen makes.
 */
export { UploaderProvider, useUploader, useUploaderView } from './UploaderProvider.tsx';
export { UploadsLayer } from './UploadsLayer.tsx';
export { PhotoPicker } from './PhotoPicker.tsx';
export { pickedFromInput } from './walk-entries.ts';
export { isSafari } from './collect-drop.ts';
export { currentDropClaim, useDropClaim } from './drop-claim.ts';
export { isActive } from './model.ts';
/* The queue's item and its state machine, for the tests of what follows an upload (the photo editor's copy). */
export { uploadReducer } from './model.ts';
export { INITIAL_UPLOADER_VIEW } from './uploader-types.ts';
export type { UploadAction, UploadItem } from './model.ts';
export type { PickedFile, Uploader, UploaderView } from './uploader.ts';
