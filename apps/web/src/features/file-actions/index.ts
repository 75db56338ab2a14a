/**
 * The file actions' public face (See: [Note: File action registry], [Note: Feature faces]):
 * the one registry of what may be done to files where, the actions themselves (download,
 * restore), the buttons, menu and delete that carry them out, and what a surface needs to
 * offer them. The file menu a grid opens on a right-click is lazy.ts.
 */
export {
  FILE_ACTIONS,
  isEditablePhoto,
  isFileActionAvailable,
  mayDeleteAll,
  offeredFileActions,
  shareFileFlags,
  type EditableFile,
  type FileAction,
  type FileActionContext,
  type FileActionFlags,
  type FileActionId,
  type FileActionPlace,
  type FileActionSurface,
  type OfferedFileAction,
  type PlaceFileActions,
} from './registry.ts';
export {
  clickDownloadLink,
  downloadFile,
  fileDownloadUrl,
  isHeic,
  restoreFileIds,
  type BatchOutcome,
  type RestoreOutcome,
} from './actions.ts';
export {
  actionContext,
  dialogRunners,
  usePlaceActions,
  type FileActionCaller,
  type FileActionDialog,
} from './use-place-actions.ts';
export { useDeleteFiles } from './use-file-actions.ts';
export { FileActionButtons, type FileActionButtonsProps } from './FileActionButton.tsx';
export type { ContextMenuItem, Point } from './ContextMenu.tsx';
export { FileContextMenu, type FileContextMenuProps } from './FileContextMenu.tsx';
