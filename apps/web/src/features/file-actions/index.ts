/**
 * The file actions' public face (See: [Note: File action registry]): the one registry of
 * what may be done to files where, and the pure helpers around it. The components that run
 * the actions (menus, dialogs) are imported from their own modules, so that lazy surfaces
 * stay lazy.
 */
export {
  FILE_ACTIONS,
  isFileActionAvailable,
  mayDeleteAll,
  offeredFileActions,
  shareFileFlags,
  type FileAction,
  type FileActionContext,
  type FileActionFlags,
  type FileActionId,
  type FileActionPlace,
  type FileActionSurface,
  type OfferedFileAction,
  type PlaceFileActions,
} from './registry.ts';
