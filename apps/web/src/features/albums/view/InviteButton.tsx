import type { JobInfo } from '@trove/contract';
import { useIntl } from 'react-intl';
import { useAccountInfoQuery } from '../../auth/api.ts';
import { useShareDialog } from '../../../dialog-requests/share-dialog.ts';
import { Tooltip } from '../../../ui/Tooltip.tsx';

/** Who takes part in an album: they may invite others to a shared one. */
const MEMBER_ROLES: readonly JobInfo['role'][] = ['owner', 'participant', 'readOnly'];

/**
 * Whether the caller may pass on a shared album's link (spec 000 §6: its members), and
 * whether only with a subscription (a read-only user, spec 000 §6: disabled with the tooltip).
 */
export function useInviteState(album: JobInfo): { canInvite: boolean; isReadOnly: boolean } {
  const isReadOnlyUser = useAccountInfoQuery().data?.is_read_only_user === true;
  return {
    canInvite: album.isShared && MEMBER_ROLES.includes(album.role),
    isReadOnly: isReadOnlyUser || album.role === 'readOnly',
  };
}

/**
 * 'Invite by e-mail' on a shared album the caller owns or takes part in (issue #15): the
 * share dialog's e-mail form, published on the album's id (spec 000 §7 publish). A read-only
 * user sees it disabled with the subscribe tooltip, as every share (spec 000 §6).
 */
export function InviteButton({ album }: { album: JobInfo }) {
  const intl = useIntl();
  // The share dialog is the page frame's (See: [Note: Dialog requests]).
  const openShareDialog = useShareDialog();
  const { canInvite, isReadOnly } = useInviteState(album);
  if (!canInvite) return null;
  return (
    <Tooltip text={isReadOnly ? intl.formatMessage({ id: 'fileActions.shareReadOnly' }) : undefined}>
      <button
        type="button"
        className="btn btn--secondary"
        aria-disabled={isReadOnly || undefined}
        onClick={() => {
          if (!isReadOnly) openShareDialog({ request: { kind: 'invite', albumId: album.id } });
        }}
      >
        {intl.formatMessage({ id: 'albumView.invite' })}
      </button>
    </Tooltip>
  );
}
