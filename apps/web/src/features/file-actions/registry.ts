/*
 * [Note: File action registry]
 *
 * Every action on files the web offers lives in FILE_ACTIONS below: its id, label, icon,
 * the places it belongs to (the timeline, an album as a member, a shared album as a
 * visitor, a share's page, the documents list), the surfaces that show it (a selection
 * bar, a file's menu, the viewer's toolbar) and whether the caller may run it here.
 * Surfaces ask `offeredFileActions` and draw what it answers, in its order; none decides
 * by role on its own (issue #23: a participant was offered Delete on others' photos).
 *
 * Availability comes from the server's one access table (apps/server/src/access/policy.ts)
 * through the wire: the job's `currentUserCan` (spec 000 §3), plus the files' own
 * `user_uuid` (who added each) against the caller, as the server's `canDeleteFile` does.
 * A read-only user sees what a subscription would give them disabled, with the subscribe
 * tooltip (spec 000 §6): `needsSubscription` names those flags.
 *
 * A selection offers an action only when it is allowed for every selected file: the
 * confirmation then counts exactly the files that will go, and nothing is left behind
 * selected without a word. A file the bar cannot see (not loaded) counts as not allowed.
 */
import type { CurrentUserCan, RemoteFile, ShareInfo } from '@trove/contract';
import type { MessageId } from '../../i18n/messages.ts';
import type { IconName } from '../../ui/icons.tsx';

/**
 * Where an action is drawn; `albumStrip` is the "In this album" strip of the add-photos
 * step (spec 000 §4 Album create), each file with its remove button.
 */
export type FileActionSurface = 'selectionBar' | 'fileMenu' | 'viewerToolbar' | 'albumStrip';

/** Where the files are shown, which decides what acting on them means. */
export type FileActionPlace = 'timeline' | 'album' | 'visitorAlbum' | 'share' | 'documents';

/** The flags of `currentUserCan` the file actions ask (spec 000 §3). */
export type FileActionFlags = Pick<
  CurrentUserCan,
  'deleteAnyFile' | 'deleteOwnFile' | 'addToAlbum' | 'shareFiles' | 'downloadFiles' | 'needsSubscription'
>;

/** What an action's availability is decided on. */
export interface FileActionContext {
  place: FileActionPlace;
  /** The job's `currentUserCan` as the server sent it. */
  can: FileActionFlags;
  /** The signed-in caller's id; undefined when signed out. */
  me: string | undefined;
  /** The account is read-only (`is_read_only_user`, spec 001 §6): no subscription. */
  isReadOnly: boolean;
  /**
   * The files acted on; undefined for one the surface cannot see (not loaded). What else of
   * a file an action asks (the editor: its type and name) is there when the surface has it.
   */
  files: readonly (EditableFile | undefined)[];
}

/** What the registry asks of a file: who added it, and for the editor what it is. */
export type EditableFile = Pick<RemoteFile, 'user_uuid'> &
  Partial<Pick<RemoteFile, 'type' | 'name' | 'jpeg_url' | 'media_status'>>;

/** One action of the registry. */
export interface FileAction {
  id: FileActionId;
  label: MessageId;
  icon: IconName;
  surfaces: readonly FileActionSurface[];
  places: readonly FileActionPlace[];
  /** May the caller run it on `context.files` here? */
  isAvailable: (context: FileActionContext) => boolean;
  /**
   * Whether a read-only user would have it with a subscription: shown disabled with
   * `subscriptionHint` then (spec 000 §6).
   */
  needsSubscription?: (context: FileActionContext) => boolean;
  subscriptionHint?: MessageId;
}

/** The ids of the file actions. */
export type FileActionId =
  | 'download'
  | 'edit'
  | 'addToAlbum'
  | 'copyToTimeline'
  | 'keepFiles'
  | 'share'
  | 'removeFromAlbum'
  | 'delete';

const ALL_SURFACES: readonly FileActionSurface[] = ['selectionBar', 'fileMenu', 'viewerToolbar'];

/**
 * May the caller delete every one of the files from this job? Any file with deleteAnyFile,
 * their own (`user_uuid`, who added it) with deleteOwnFile: the server's `canDeleteFile`.
 */
export function mayDeleteAll(context: Pick<FileActionContext, 'can' | 'me' | 'files'>): boolean {
  const { can, me, files } = context;
  if (files.length === 0) return false;
  if (can.deleteAnyFile) return true;
  return can.deleteOwnFile && me !== undefined && files.every((file) => file?.user_uuid === me);
}

/**
 * Pictures the browser draws (and so the editor can), or HEIC ones through the JPEG the
 * server made of them (`jpeg_url`, spec 000 §7 `to_jpeg`); the viewer's list (viewer/media.ts).
 */
const EDITABLE_NAME = /\.(jpe?g|jpe|png|gif|webp|avif|bmp)$/i;

/**
 * Is this one file the caller's own photo the editor can open (issue #27)? Their own (they added it,
 * `user_uuid`, as the server's `canDeleteFile` asks), a picture (no video, no document),
 * processed, and drawable by the browser or a HEIC with its JPEG made.
 */
export function isEditablePhoto(files: FileActionContext['files'], me: string | undefined): boolean {
  const [file] = files;
  if (files.length !== 1 || !file || me === undefined || file.user_uuid !== me) return false;
  if (file.type !== 'Pictures' || file.media_status !== 'ready' || file.name === undefined) return false;
  return EDITABLE_NAME.test(file.name) || (file.jpeg_url ?? null) !== null;
}

const flagNeedsSubscription =
  (flag: keyof Omit<FileActionFlags, 'needsSubscription'>) => (context: FileActionContext) =>
    !context.can[flag] && context.can.needsSubscription.includes(flag);

/** Every file action, in the order surfaces show them. */
export const FILE_ACTIONS: readonly FileAction[] = [
  {
    id: 'download',
    label: 'fileActions.download',
    icon: 'download',
    surfaces: ALL_SURFACES,
    places: ['timeline', 'album', 'visitorAlbum', 'share', 'documents'],
    isAvailable: ({ can, files }) => can.downloadFiles && files.length > 0,
  },
  {
    // The photo editor (spec 000 §1, issue #27): one of the caller's own photos, saved as a
    // new file beside it; a read-only user (no subscription) cannot save, so sees it
    // disabled with the subscribe tooltip (spec 000 §6, 001 §6).
    id: 'edit',
    label: 'fileActions.edit',
    icon: 'edit',
    surfaces: ['viewerToolbar'],
    places: ['timeline', 'album'],
    isAvailable: ({ me, isReadOnly, files }) => !isReadOnly && isEditablePhoto(files, me),
    needsSubscription: ({ me, isReadOnly, files }) => isReadOnly && isEditablePhoto(files, me),
    subscriptionHint: 'albumView.needsSubscription',
  },
  {
    // The album picker (spec 000 §2): copies into an album the caller may add photos to,
    // which the picker lists. Any signed-in caller has such albums, or can make one.
    id: 'addToAlbum',
    label: 'albums.picker.addTitle',
    icon: 'albums',
    surfaces: ALL_SURFACES,
    places: ['timeline', 'album'],
    isAvailable: ({ me, isReadOnly, files }) => me !== undefined && !isReadOnly && files.length > 0,
    needsSubscription: ({ me, isReadOnly }) => me !== undefined && isReadOnly,
    subscriptionHint: 'albums.readOnlyTooltip',
  },
  {
    // One file into the caller's timeline (POST /jobs/{id}/copy_to_timeline).
    id: 'copyToTimeline',
    label: 'fileActions.addToMyTimeline',
    icon: 'addPhoto',
    surfaces: ['fileMenu', 'viewerToolbar'],
    places: ['album'],
    isAvailable: ({ can, files }) => can.addToAlbum && files.length === 1,
    needsSubscription: flagNeedsSubscription('addToAlbum'),
    subscriptionHint: 'albums.readOnlyTooltip',
  },
  {
    // The selection into the caller's timeline (POST /jobs/{id}/keep-files, spec 000 §7).
    id: 'keepFiles',
    label: 'fileActions.addToMyTimeline',
    icon: 'addPhoto',
    surfaces: ['selectionBar'],
    places: ['album'],
    isAvailable: ({ can, files }) => can.addToAlbum && files.length > 0,
    needsSubscription: flagNeedsSubscription('addToAlbum'),
    subscriptionHint: 'albums.readOnlyTooltip',
  },
  {
    id: 'share',
    label: 'fileActions.share',
    icon: 'share',
    surfaces: ALL_SURFACES,
    places: ['timeline', 'album', 'documents'],
    isAvailable: ({ can, files }) => can.shareFiles && files.length > 0,
    needsSubscription: flagNeedsSubscription('shareFiles'),
    subscriptionHint: 'fileActions.shareReadOnly',
  },
  {
    // Out of the album only (DELETE /jobs/{albumId}/files_by_id/{id}); copies elsewhere stay.
    id: 'removeFromAlbum',
    label: 'fileActions.removeFromAlbum',
    icon: 'removeFromAlbum',
    surfaces: [...ALL_SURFACES, 'albumStrip'],
    places: ['album'],
    isAvailable: mayDeleteAll,
  },
  {
    // To the trash (spec 000 §6: the timeline is the user's own).
    id: 'delete',
    label: 'common.delete',
    icon: 'delete',
    surfaces: ALL_SURFACES,
    places: ['timeline', 'documents'],
    isAvailable: mayDeleteAll,
  },
];

/**
 * A place's file actions as a grid hands them to its selection bar and menus: where it is,
 * the job's flags, and what the place runs itself (an album's keep-files).
 */
export interface PlaceFileActions {
  place: FileActionPlace;
  can: FileActionFlags;
  run?: Partial<Record<FileActionId, (fileIds: readonly string[]) => void>>;
}

/** An action a surface shows: enabled, or disabled with the reason as a tooltip. */
export interface OfferedFileAction {
  action: FileAction;
  isDisabled: boolean;
  hint?: MessageId;
}

/**
 * The actions `surface` shows for `context`, in registry order: the available ones, and
 * those a subscription would give (disabled, with their tooltip).
 */
export function offeredFileActions(
  surface: FileActionSurface,
  context: FileActionContext,
): OfferedFileAction[] {
  const offered: OfferedFileAction[] = [];
  for (const action of FILE_ACTIONS) {
    if (!action.surfaces.includes(surface) || !action.places.includes(context.place)) continue;
    if (action.isAvailable(context)) offered.push({ action, isDisabled: false });
    else if (action.needsSubscription?.(context) === true)
      offered.push({
        action,
        isDisabled: true,
        ...(action.subscriptionHint && { hint: action.subscriptionHint }),
      });
  }
  return offered;
}

/** Whether `id` is offered on `surface` in `context`, enabled. */
export function isFileActionAvailable(
  id: FileActionId,
  surface: FileActionSurface,
  context: FileActionContext,
): boolean {
  return offeredFileActions(surface, context).some((offer) => offer.action.id === id && !offer.isDisabled);
}

/**
 * The flags of a share's page (spec 000 §6 Share recipient): everyone holding the link
 * downloads; adding to one's timeline is the server's `can_copy`. A share has no members:
 * nobody deletes or shares its files from its page.
 */
export function shareFileFlags(share: Pick<ShareInfo, 'can_copy'>): FileActionFlags {
  return {
    deleteAnyFile: false,
    deleteOwnFile: false,
    addToAlbum: share.can_copy,
    shareFiles: false,
    downloadFiles: true,
    needsSubscription: [],
  };
}
