import type { SharedLink } from '@trove/contract';
import { useIntl } from 'react-intl';
import { Dialog } from '../../ui/Dialog.tsx';
import { useToasts } from '../../ui/toasts.tsx';
import { useStopLinkMutation } from './api.ts';

/**
 * The confirm before a link ends for everyone: a share stops (spec 000 §6 "stop sharing");
 * a shared album becomes private, and everyone who opened it by its link, or joined it,
 * loses access (spec 000 §4 "can be changed to private").
 */
export function StopLinkDialog({ link, onClose }: { link: SharedLink; onClose: () => void }) {
  const intl = useIntl();
  const toasts = useToasts();
  const stop = useStopLinkMutation();
  const isShare = link.kind === 'share';
  const handleConfirm = () => {
    stop.mutate(link, {
      onSuccess: () => {
        toasts.show({
          kind: 'success',
          text: intl.formatMessage({ id: isShare ? 'sharedLinks.stopped' : 'sharedLinks.madePrivate' }),
        });
        onClose();
      },
    });
  };
  return (
    <Dialog
      title={intl.formatMessage({ id: isShare ? 'sharedLinks.stopTitle' : 'sharedLinks.privateTitle' })}
      onClose={onClose}
      onEnter={stop.isPending ? undefined : handleConfirm}
      actions={
        <>
          <button type="button" className="btn btn--text" onClick={onClose}>
            {intl.formatMessage({ id: 'common.cancel' })}
          </button>
          <button type="button" className="btn btn--danger" onClick={handleConfirm} disabled={stop.isPending}>
            {intl.formatMessage({ id: isShare ? 'sharedLinks.stop' : 'sharedLinks.makePrivate' })}
          </button>
        </>
      }
    >
      <p>
        {isShare
          ? intl.formatMessage({ id: 'sharedLinks.stopBody' }, { count: link.file_count })
          : intl.formatMessage({ id: 'sharedLinks.privateBody' }, { name: link.title })}
      </p>
      {stop.isError && (
        <p className="form-error" role="alert">
          {intl.formatMessage({ id: 'common.genericError' })}
        </p>
      )}
    </Dialog>
  );
}
