import type { JobInfo } from '@trove/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useApi } from '../../../api/api-context.tsx';
import { isApiError } from '../../../api/http-error.ts';
import { useToasts } from '../../../ui/toasts.tsx';
import { albumKeys } from '../api.ts';
import { copyFilesToAlbum, createAlbum } from '../api-list.ts';
import { displayTitle } from '../list/model.ts';
import type { PickerMode } from '../../../dialog-requests/album-picker.ts';
import type { PickerChoice } from './model.ts';

/** spec 000 §8: the toast of a failure to add files to an album stays 5.5 seconds. */
export const ADD_FAILED_TOAST_MS = 5500;

/** What {@link useAddToAlbum} adds, and where from. */
export interface AddToAlbumRequest {
  mode: PickerMode;
  sourceJobId: string;
  fileIds: readonly string[];
}

/**
 * Adds files to the album chosen in the picker (spec 000 §2, §7 "copy files to an existing
 * album", "create an album from files"). The new-album tile first creates the album with
 * POST /jobs (unnamed, or for share-to-album a shared one named 'My new shared album', §5)
 * and then opens it (§4 Album create: "then the user goes to the album page"). Success
 * shows '{n} files added to {name}' with See album; any failure 'Failed to add file -
 * please try again' for 5.5 s (§8).
 * @returns a function resolving 'added' when files were added, 'failed' when it failed, and
 * 'needsName' when a new shared album was refused for want of the account's name (spec 001
 * §4, §5: the caller asks for it and tries again). An album created before a failed copy is
 * kept and reused by the next try.
 */
export function useAddToAlbum({ mode, sourceJobId, fileIds }: AddToAlbumRequest) {
  const api = useApi();
  const intl = useIntl();
  const toasts = useToasts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createdRef = useRef<JobInfo | null>(null);

  const targetOf = async (choice: PickerChoice, albums: readonly JobInfo[]): Promise<JobInfo> => {
    if (choice.kind === 'album') {
      const album = albums.find((a) => a.id === choice.albumId);
      if (!album) throw new Error('the chosen album is no longer listed');
      return album;
    }
    createdRef.current ??= await createAlbum(
      api,
      mode === 'share'
        ? { name: intl.formatMessage({ id: 'albums.newSharedName' }), public: true }
        : // spec 000 §3: an auto-created album is titled 'Untitled album' (not __new_album__).
          { name: intl.formatMessage({ id: 'albums.untitled' }) },
    );
    return createdRef.current;
  };

  return async (
    choice: PickerChoice,
    albums: readonly JobInfo[],
  ): Promise<'added' | 'failed' | 'needsName'> => {
    let added = 0;
    let album: JobInfo | undefined;
    try {
      album = await targetOf(choice, albums);
      const results = await copyFilesToAlbum(api, album.id, sourceJobId, fileIds);
      added = results.filter((result) => result.status === 'ok').length;
    } catch (error) {
      if (isApiError(error, 'user_name_required')) return 'needsName';
      // Otherwise counted as nothing added: the toast below says so.
    }
    if (createdRef.current || added > 0) void queryClient.invalidateQueries({ queryKey: albumKeys.all });
    if (added < fileIds.length) {
      toasts.show({
        kind: 'error',
        text: intl.formatMessage({ id: 'albums.picker.addFailed' }),
        durationMs: ADD_FAILED_TOAST_MS,
      });
    }
    if (!album || added === 0) return 'failed';
    const path = `/albums/${encodeURIComponent(album.id)}`;
    const name = displayTitle(album, intl.formatMessage({ id: 'albums.unnamed' }));
    toasts.show({
      kind: 'success',
      text: intl.formatMessage({ id: 'albums.picker.added' }, { count: added, name }),
      action: {
        label: intl.formatMessage({ id: 'albums.picker.seeAlbum' }),
        onAction: () => void navigate(path),
      },
    });
    if (choice.kind === 'new') void navigate(path);
    return 'added';
  };
}
