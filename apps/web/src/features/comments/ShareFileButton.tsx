import { useIntl } from 'react-intl';
import { Icon } from '../../ui/icons.tsx';
import { albumHeaders } from '../../album-access/album-call.ts';
import { useAccountInfoQuery } from '../auth/api.ts';
import { useShareDialog } from '../../dialog-requests/share-dialog.ts';
import { Tooltip } from '../../ui/Tooltip.tsx';

/**
 * Share on the file of the comments page, for members and visitors alike (issue #15). A
 * visitor may share the one file as a link (its /albumImage page, spec 000 §6): signed out,
 * e-mail and album tell them to sign in; signed in, that link is all they are offered, since
 * only members make shares of an album's files (issue #23, `mayShare` from the album's
 * `currentUserCan.shareFiles`). A member shares it from the album, with the album's grant if
 * it has one. A read-only user sees it disabled with the subscribe tooltip.
 */
export function ShareFileButton({
  albumId,
  fileId,
  isLoggedIn,
  mayShare,
}: {
  albumId: string;
  fileId: string;
  isLoggedIn: boolean;
  mayShare: boolean;
}) {
  const intl = useIntl();
  // The share dialog is the page frame's (See: [Note: Dialog requests]).
  const openShareDialog = useShareDialog();
  const isReadOnly = useAccountInfoQuery().data?.is_read_only_user === true && isLoggedIn;
  return (
    <Tooltip text={isReadOnly ? intl.formatMessage({ id: 'fileActions.shareReadOnly' }) : undefined}>
      <button
        type="button"
        className="comments-page__share"
        aria-label={intl.formatMessage({ id: 'fileActions.share' })}
        aria-disabled={isReadOnly || undefined}
        onClick={() => {
          if (isReadOnly) return;
          openShareDialog({
            request: {
              kind: 'files',
              sourceJobId: albumId,
              fileIds: [fileId],
              currentAlbumId: albumId,
              headers: () => albumHeaders(albumId),
              mayShare,
            },
          });
        }}
      >
        <Icon name="share" />
      </button>
    </Tooltip>
  );
}
