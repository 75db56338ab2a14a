import type { JobInfo } from '@trove/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages.ts';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { useToasts } from '../../../ui/toasts.tsx';
import { useAlbumChange, useDeleteAlbum, type AlbumChange } from './album-api.ts';
import { Menu, type MenuItem } from '../../../ui/Menu.tsx';
import { AlbumPasswordDialog } from './AlbumPasswordDialog.tsx';
import { isApiError } from '../../../api/http-error.ts';
import { SetNameDialog } from '../edit/SetNameDialog.tsx';

/** The more-actions icon: three dots. */
function MoreIcon() {
  return (
    <svg className="icon" width={24} height={24} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2zm0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2zm0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2z"
      />
    </svg>
  );
}

/**
 * The album's menu (spec 000 §6, by currentUserCan): for who may edit it, the switches
 * shared/private, allow comments and allow uploads, and a shared album's password (§5); Leave album (UNSUBSCRIBE_ALBUM confirm)
 * and Delete album (DELETE_ALBUM confirm, spec 000 §4), each back to /albums when done and
 * with its failure of spec 000 §8.
 */
export function AlbumActions({ album }: { album: JobInfo }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const toasts = useToasts();
  const change = useAlbumChange(album.id);
  const deleteAlbum = useDeleteAlbum(album.id);
  const [confirming, setConfirming] = useState<'DELETE_ALBUM' | 'UNSUBSCRIBE_ALBUM' | null>(null);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [isPasswordOpen, setIsPasswordOpen] = useState(false);
  // The change the server refused for want of a user name (spec 001 §4 missing-name prompt).
  const [needsName, setNeedsName] = useState<AlbumChange | null>(null);
  const can = album.currentUserCan;
  const text = (id: MessageId) => intl.formatMessage({ id });

  const send = (next: AlbumChange, success?: string) => {
    change.mutate(next, {
      onSuccess: () => {
        if (success) toasts.show({ kind: 'success', text: success });
      },
      onError: (error) => {
        // spec 001 §5 "Shared albums require a user name": ask for it, then try again.
        if (isApiError(error, 'user_name_required')) setNeedsName(next);
        else toasts.show({ kind: 'error', text: text('common.genericError') });
      },
    });
  };

  const items: MenuItem[] = [];
  if (can.editAlbum) {
    items.push(
      {
        key: 'shared',
        label: text('albumView.shared'),
        checked: album.isShared,
        onSelect: () => {
          // spec 000 §8: a success toast when the album is now private.
          if (album.isShared) send({ kind: 'privacy', mode: 'private' }, text('albumView.nowPrivate'));
          else send({ kind: 'privacy', mode: 'shared' });
        },
      },
      ...(album.isShared
        ? [
            {
              key: 'password',
              label: text(album.has_password ? 'albumView.passwordChange' : 'albumView.passwordSet'),
              onSelect: () => {
                setIsPasswordOpen(true);
              },
            },
          ]
        : []),
      {
        key: 'comments',
        label: text('albumView.allowComments'),
        checked: album.allow_comments,
        onSelect: () => {
          send({ kind: 'permissions', allow_comments: album.allow_comments ? 0 : 1 });
        },
      },
      {
        key: 'uploads',
        label: text('albumView.allowUploads'),
        checked: album.allow_uploads,
        onSelect: () => {
          send({ kind: 'permissions', allow_uploads: album.allow_uploads ? 0 : 1 });
        },
      },
    );
  }
  if (can.leaveAlbum) {
    items.push({
      key: 'leave',
      label: text('albumView.leave'),
      onSelect: () => {
        setConfirming('UNSUBSCRIBE_ALBUM');
      },
    });
  }
  if (can.deleteAlbum) {
    items.push({
      key: 'delete',
      label: text('albumView.delete'),
      isDanger: true,
      onSelect: () => {
        setConfirming('DELETE_ALBUM');
      },
    });
  }
  if (items.length === 0) return null;

  const close = () => {
    setConfirming(null);
    setFailure(undefined);
  };
  // Promises, not mutate() callbacks: those are dropped when the page unmounts first (a
  // live refetch may already show that the caller is no longer a member).
  const confirm = () => {
    setFailure(undefined);
    const done = () => void navigate('/albums', { replace: true });
    if (confirming === 'DELETE_ALBUM') {
      deleteAlbum.mutateAsync().then(done, () => {
        setFailure(text('albumView.deleteFailed'));
      });
    } else {
      // Leaving goes back to the albums at once: the album stops being the caller's the
      // moment the server agrees, and a live refetch could otherwise turn this page into
      // its visitor's view first. A failure says so on the albums page (spec 000 §8).
      change.mutateAsync({ kind: 'unsubscribe' }).catch(() => {
        toasts.show({ kind: 'error', text: text('albumView.leaveFailed') });
      });
      done();
    }
  };

  return (
    <>
      <Menu label={text('albumView.moreActions')} trigger={<MoreIcon />} items={items} />
      {needsName && (
        <SetNameDialog
          onDone={() => {
            setNeedsName(null);
            send(needsName);
          }}
          onCancel={() => {
            setNeedsName(null);
          }}
        />
      )}
      {isPasswordOpen && (
        <AlbumPasswordDialog
          album={album}
          onClose={() => {
            setIsPasswordOpen(false);
          }}
        />
      )}
      {confirming && (
        <ConfirmDialog
          kind={confirming}
          onCancel={close}
          onConfirm={confirm}
          isPending={deleteAlbum.isPending || change.isPending}
          error={failure}
        />
      )}
    </>
  );
}
