import { useAccountInfoQuery } from '../auth/api.ts';
import { useTimelineJob } from '../library/api.ts';
import type { FileActionContext, FileActionId, PlaceFileActions } from './registry.ts';

/** The dialogs a surface opens for an action: the album picker, the share dialog, the delete confirmation. */
export type FileActionDialog = 'pick' | 'share' | 'confirm';

/** Who acts, as the registry asks (See: [Note: File action registry]). */
export type FileActionCaller = Pick<FileActionContext, 'me' | 'isReadOnly'>;

/**
 * The place a surface acts in and who acts: `place` when the surface was given one (an
 * album's), else the caller's timeline, whose flags come with GET /jobs/default; undefined
 * until those are known, so nothing is offered on a guess.
 */
export function usePlaceActions(place: PlaceFileActions | undefined): {
  place: PlaceFileActions | undefined;
  caller: FileActionCaller;
} {
  const account = useAccountInfoQuery().data;
  const timelineCan = useTimelineJob({ enabled: place === undefined }).data?.currentUserCan;
  return {
    place: place ?? (timelineCan && { place: 'timeline', can: timelineCan }),
    caller: { me: account?.uuid, isReadOnly: account?.is_read_only_user === true },
  };
}

/** The registry's context for acting on `files` in `place`. */
export function actionContext(
  place: PlaceFileActions,
  caller: FileActionCaller,
  files: FileActionContext['files'],
): FileActionContext {
  return { place: place.place, can: place.can, ...caller, files };
}

/** The runners of the actions that open a dialog first, for any surface. */
export function dialogRunners(
  open: (dialog: FileActionDialog) => void,
): Partial<Record<FileActionId, () => void>> {
  return {
    addToAlbum: () => {
      open('pick');
    },
    share: () => {
      open('share');
    },
    delete: () => {
      open('confirm');
    },
    removeFromAlbum: () => {
      open('confirm');
    },
  };
}
