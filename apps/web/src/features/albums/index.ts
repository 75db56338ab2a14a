/*
 * What others use of albums (See: [Note: Feature faces]): the layer that shows the album
 * picker any screen asks for (See: [Note: Dialog requests]), a shared album's files and
 * changes as its visitors see them, the timeline picker /selectPhotos reuses, and the album
 * list with its titles. Screens are lazy.ts; the album queries' keys api.ts.
 */
export { AlbumPickerLayer } from './picker/AlbumPickerLayer.tsx';
export { useAlbumChanges, useVisitorFiles } from './visitor/api-visitor.ts';
export { PickerBar } from './edit/PickerBar.tsx';
export { TimelinePicker, useTimelinePickerData } from './edit/TimelinePicker.tsx';
export { useAlbumListQuery } from './api-list.ts';
export { displayTitle } from './list/model.ts';
export { SetNameDialog } from './edit/SetNameDialog.tsx';
export { useKnownAlbumUsers } from './view/album-api.ts';
