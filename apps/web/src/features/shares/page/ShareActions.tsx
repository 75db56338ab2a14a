import type { ShareInfo } from '@trove/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useApi } from '../../../api/api-context.tsx';
import { isNetworkError } from '../../../api/http-error.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { useToasts } from '../../../ui/toasts.tsx';
import { requestDownload } from '../../downloads/index.ts';
import { SubscriptionGate } from '../../storage/index.ts';
import { shareHeaders } from '../../../album-access/grant-store.ts';
import { stopSharing } from './api.ts';
import { ShareIcon } from './share-icons.tsx';
import { copySharePath, useCopyShare } from './use-copy-share.ts';

/** Props of {@link ShareActions}. */
export interface ShareActionsProps {
  share: ShareInfo;
  isSignedIn: boolean;
  onStopped: () => void;
}

/**
 * What the receiver of a share may do (spec 000 §2 Share page, §6): download it all (through
 * the download center: one archive, the share's grant along), add it to their timeline
 * (signed in: at once; signed out: /share/{id}/copyShare, which asks them to sign in first
 * and then does it), and, for the owner, stop sharing after a confirmation.
 */
export function ShareActions({ share, isSignedIn, onStopped }: ShareActionsProps) {
  const intl = useIntl();
  const files = [...share.thumbFiles, ...share.docFiles];
  return (
    <>
      {files.length > 0 && (
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => {
            requestDownload({
              kind: 'files',
              jobId: share.id,
              name: intl.formatMessage({ id: 'sharePage.zipName' }, { name: share.owner.name }),
              files,
              headers: shareHeaders(share.id),
            });
          }}
        >
          <Icon name="download" size={20} />
          {intl.formatMessage({ id: 'sharePage.download' })}
        </button>
      )}
      {files.length > 0 && !share.is_owner && <AddToTimeline share={share} isSignedIn={isSignedIn} />}
      {share.is_owner && <StopSharing shareId={share.id} onStopped={onStopped} />}
    </>
  );
}

function AddToTimeline({ share, isSignedIn }: { share: ShareInfo; isSignedIn: boolean }) {
  const intl = useIntl();
  const copy = useCopyShare(share.id);
  const label = intl.formatMessage({ id: 'sharePage.addToTimeline' });
  // spec 000 §6: logged-out users are prompted to log in, the action remembered in the path.
  if (!isSignedIn)
    return (
      <Link className="btn btn--primary" to={copySharePath(share.id)}>
        <Icon name="addPhoto" size={20} />
        {label}
      </Link>
    );
  // spec 000 §6 read-only user: add to timeline disabled, with a tooltip offering subscribe.
  // The offer goes through copyShare, which remembers the copy: the modal queue's
  // subscription prompt then opens here and the copy resumes after a purchase (spec 001 §4).
  if (!share.can_copy)
    return (
      <SubscriptionGate
        className="btn btn--primary"
        icon={<Icon name="addPhoto" size={20} />}
        label={label}
        to={copySharePath(share.id)}
        tip={intl.formatMessage({ id: 'sharePage.readOnly' })}
      />
    );
  return (
    <button
      type="button"
      className="btn btn--primary"
      disabled={copy.isPending}
      onClick={() => {
        copy.run();
      }}
    >
      <Icon name="addPhoto" size={20} />
      {label}
    </button>
  );
}

/** spec 000 §6 Share owner: stop sharing, with a confirmation; spec 000 §8 'Failed to stop sharing files'. */
function StopSharing({ shareId, onStopped }: { shareId: string; onStopped: () => void }) {
  const intl = useIntl();
  const api = useApi();
  const toasts = useToasts();
  const [isAsking, setIsAsking] = useState(false);
  const stop = useMutation({
    mutationFn: () => stopSharing(api, shareId),
    onSuccess: () => {
      setIsAsking(false);
      toasts.show({ kind: 'success', text: intl.formatMessage({ id: 'sharePage.stopped' }) });
      onStopped();
    },
  });
  const close = () => {
    setIsAsking(false);
    stop.reset();
  };
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary"
        onClick={() => {
          setIsAsking(true);
        }}
      >
        <ShareIcon name="linkOff" size={20} />
        {intl.formatMessage({ id: 'sharePage.stop' })}
      </button>
      {isAsking && (
        <Dialog
          title={intl.formatMessage({ id: 'sharePage.stopTitle' })}
          onClose={close}
          actions={
            <>
              <button type="button" className="btn btn--text" onClick={close}>
                {intl.formatMessage({ id: 'common.cancel' })}
              </button>
              <button
                type="button"
                className="btn btn--danger"
                disabled={stop.isPending}
                onClick={() => {
                  stop.mutate();
                }}
              >
                {intl.formatMessage({ id: 'sharePage.stop' })}
              </button>
            </>
          }
        >
          <p>{intl.formatMessage({ id: 'sharePage.stopBody' })}</p>
          {stop.isError && (
            <p className="form-error" role="alert">
              {intl.formatMessage({
                id: isNetworkError(stop.error) ? 'common.offline' : 'sharePage.stopFailed',
              })}
            </p>
          )}
        </Dialog>
      )}
    </>
  );
}
