import { albumLinkPath, type JobInfo } from '@trove/contract';
import { useIntl } from 'react-intl';
import { canShareToApps, shareToApps, useCopyLink } from '../../shares/api.ts';
import { useInviteState } from './InviteButton.tsx';
import { Tooltip } from '../../../ui/Tooltip.tsx';

/**
 * Copy link (and the browser's share sheet where there is one) of a shared album's /a/{id}
 * page (issue #23), beside Invite by e-mail and for the same people: whoever holds the link
 * may visit (spec 000 §6 Visitor), so it reaches people an e-mail does not.
 */
export function CopyAlbumLinkButton({ album }: { album: JobInfo }) {
  const intl = useIntl();
  const copyLink = useCopyLink();
  const { canInvite, isReadOnly } = useInviteState(album);
  if (!canInvite) return null;
  const url = `${window.location.origin}${albumLinkPath(album.id)}`;
  const tooltip = isReadOnly ? intl.formatMessage({ id: 'fileActions.shareReadOnly' }) : undefined;
  return (
    <>
      <Tooltip text={tooltip}>
        <button
          type="button"
          className="btn btn--secondary"
          aria-disabled={isReadOnly || undefined}
          onClick={() => {
            if (!isReadOnly) copyLink(url, intl.formatMessage({ id: 'albumView.linkCopied' }));
          }}
        >
          {intl.formatMessage({ id: 'albumView.copyLink' })}
        </button>
      </Tooltip>
      {canShareToApps() && !isReadOnly && (
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => {
            shareToApps(album.title, url);
          }}
        >
          {intl.formatMessage({ id: 'albumView.shareLink' })}
        </button>
      )}
    </>
  );
}
