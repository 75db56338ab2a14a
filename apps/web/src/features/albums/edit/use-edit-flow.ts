import { useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useApi } from '../../../api/api-context.tsx';
import { useToasts } from '../../../ui/toasts.tsx';
import { isActive, useUploaderView } from '../../uploads/index.ts';
import { deleteAlbum } from '../api-create.ts';
import { albumKeys } from '../api.ts';
import {
  ADD_PHOTOS_TAB,
  CREATE_AFTER_MORE_PHOTOS,
  albumIdFromParams,
  albumPath,
  returnPath,
} from '../route-params.ts';
import { shouldDeleteOnCancel } from './edit-model.ts';

/** What the create/edit screens pass along in the router's location state. */
export interface EditFlowState {
  /** The album was created in this flow (step 1), so Cancel may delete it again (spec 000 §4). */
  createdHere?: boolean;
}

/**
 * Where the flow is: the album id from albumID or albumIDB64 (spec 000 §2; a route with
 * neither throws 'Must have params for either albumID or albumIDB64'), the `goToAfter`
 * query, and whether the album was created in this flow.
 */
export function useEditFlowParams() {
  const params = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const state = (location.state ?? {}) as EditFlowState;
  // spec 000 §2 create-album-after-more-photos: step 2 of the create flow, by its own path.
  const isCreateAfter = location.pathname.startsWith(`/${CREATE_AFTER_MORE_PHOTOS}/`);
  return {
    albumId: albumIdFromParams(params),
    tab: isCreateAfter ? ADD_PHOTOS_TAB : params.tab,
    goToAfter: search.get('goToAfter'),
    isCreatedHere: state.createdHere === true,
  };
}

/** Whether uploads into `albumId` are still running (files on their way into the album). */
export function useIsReceiving(albumId: string): boolean {
  return useUploaderView((view) =>
    view.queue.items.some((item) => item.targetJob === albumId && isActive(item)),
  );
}

/** Options of {@link useCancelFlow}. */
export interface CancelFlow {
  albumId: string | undefined;
  isCreatedHere: boolean;
  fileCount: number;
  /** A copy into the album is still running. */
  isCopying: boolean;
  isReceiving: boolean;
  /** Where Cancel goes: the goToAfter target (spec 000 §2), or the album for `/addPhotos`. */
  target: string;
}

/**
 * Cancel of spec 000 §4 Album create: the cleanup (an album created in this flow and never
 * given a photo is deleted with DELETE /jobs/{id}), the 'files are being copied' notice
 * while copies still run, then the return target.
 */
export function useCancelFlow(flow: CancelFlow): () => Promise<void> {
  const api = useApi();
  const intl = useIntl();
  const toasts = useToasts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    const { albumId } = flow;
    if (flow.isCopying) {
      toasts.show({
        kind: 'success',
        key: 'album-copying',
        text: intl.formatMessage({ id: 'albumEdit.copying' }),
      });
    }
    const isReceiving = flow.isReceiving || flow.isCopying;
    if (albumId !== undefined && shouldDeleteOnCancel({ ...flow, isReceiving })) {
      // The album was only a step of this flow: a failed delete leaves an empty album, no worse.
      await deleteAlbum(api, albumId).catch(() => undefined);
      queryClient.removeQueries({ queryKey: albumKeys.one(albumId) });
      void queryClient.invalidateQueries({ queryKey: albumKeys.list() });
    }
    await navigate(flow.target);
  };
}

/** The return target of a flow: `goToAfter` when given, else `fallback` (spec 000 §2). */
export function cancelTarget(goToAfter: string | null, fallback: 'albums' | { albumId: string }): string {
  if (goToAfter !== null || fallback === 'albums') return returnPath(goToAfter);
  return albumPath(fallback.albumId);
}
