import '../../../styles/album-view.css';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { useApi } from '../../../api/api-context.tsx';
import { useAccountInfoQuery } from '../../auth/api.ts';
import { refreshAfterTrashChange, rollbackAlbums, useTrashAlbumsQuery } from '../../trash/api.ts';

/**
 * What the owner can do on the page of an album they deleted (spec 000 §4 RECENTLY_DELETED,
 * §2 trash albums): Restore it (not a read-only user, spec 000 §6: restoring needs a
 * subscription) and a link to the trash where it waits. Shown only when the album is in the
 * caller's own trash: a participant or a visitor is told it was deleted, nothing more (issue
 * #23: the page offered no way back to an album deleted by mistake). A restored album opens.
 */
export function DeletedAlbumActions({ albumId }: { albumId: string }) {
  const intl = useIntl();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const trash = useTrashAlbumsQuery();
  const account = useAccountInfoQuery();
  const [state, setState] = useState<'idle' | 'restoring' | 'failed'>('idle');
  if (!trash.data?.some((album) => album.id === albumId)) return null;
  const canRestore = account.data?.is_read_only_user === false;

  const restore = async () => {
    setState('restoring');
    const restored = await rollbackAlbums(api, [albumId]).catch(() => new Set<string>());
    if (!restored.has(albumId)) {
      setState('failed');
      return;
    }
    refreshAfterTrashChange(queryClient, 'restore');
    void navigate(`/albums/${encodeURIComponent(albumId)}`, { replace: true });
  };

  return (
    <div className="deleted-album__actions">
      {canRestore && (
        <button
          type="button"
          className="btn btn--primary"
          aria-busy={state === 'restoring' || undefined}
          aria-disabled={state === 'restoring' || undefined}
          onClick={() => {
            if (state !== 'restoring') void restore();
          }}
        >
          {intl.formatMessage({ id: 'albumView.deleted.restore' })}
        </button>
      )}
      <Link to="/deleted_items/albums" className="btn btn--secondary">
        {intl.formatMessage({ id: 'albumView.deleted.toTrash' })}
      </Link>
      {state === 'failed' && (
        <p className="deleted-album__error" role="alert">
          {intl.formatMessage({ id: 'albumView.deleted.restoreFailed' })}
        </p>
      )}
    </div>
  );
}
