import { useEffect, useEffectEvent, useReducer, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAlbumPicker } from '../../../dialog-requests/album-picker.ts';
import { useLoginState } from '../../../api/login-store.ts';
import type { ShareDialogProps } from '../../../dialog-requests/share-dialog.ts';
import { EmailView } from './EmailView.tsx';
import { ExternalOptionsView } from './ExternalOptionsView.tsx';
import {
  initialShareState,
  LOGGED_IN_ONLY_MS,
  SHARE_FAILED_RETURN_MS,
  shareDialogReducer,
  type EmailForm,
  type ShareView,
} from './model.ts';
import { OptionsView } from './OptionsView.tsx';
import './share-dialog.css';
import { ShareFrame } from './ShareFrame.tsx';
import { useShareLink } from './use-share-link.ts';

/** Calls `onElapsed` `ms` after `isOn` turns true, unless it turns false first. */
function useElapse(isOn: boolean, ms: number, onElapsed: () => void) {
  const elapse = useEffectEvent(onElapsed);
  useEffect(() => {
    if (!isOn) return;
    const timer = setTimeout(() => {
      elapse();
    }, ms);
    return () => {
      clearTimeout(timer);
    };
  }, [isOn, ms]);
}

/**
 * The share dialog (spec 000 §2, §4 views options, email, albumOptions, externalOptions; §5,
 * §6, §8; issue #15): files shared as a link, by e-mail, to a shared album (the album picker
 * in its share mode) or through other apps; or, for a shared album, an invitation by e-mail.
 * A link that could not be made shows 'Failed to share files - please try again' and the
 * options come back 3 s later; a visitor's e-mail and album options say 'only accessible to
 * logged-in users' for 3 s. Loaded as its own chunk
 * (ShareDialogLayer.tsx), asked for through dialog-requests/share-dialog.ts.
 */
export function ShareDialog({ request, onClose }: ShareDialogProps) {
  const intl = useIntl();
  const isLoggedIn = useLoginState().status === 'AUTHENTICATED';
  const files = request.kind === 'files' ? request : null;
  const [state, dispatch] = useReducer(
    shareDialogReducer,
    request.kind === 'invite' ? 'email' : 'options',
    initialShareState,
  );
  const link = useShareLink(files, isLoggedIn);
  const [password, setPassword] = useState('');
  const [form, setForm] = useState<EmailForm>({ recipients: '', subject: '', message: '' });
  const [isBusy, setIsBusy] = useState(false);
  const isAddedRef = useRef(false);
  useElapse(state.isFailed, SHARE_FAILED_RETURN_MS, () => {
    dispatch({ type: 'FAILURE_ELAPSED' });
  });
  useElapse(state.isLoggedInOnly, LOGGED_IN_ONLY_MS, () => {
    dispatch({ type: 'NOTICE_ELAPSED' });
  });
  const open = (view: ShareView) => {
    dispatch({ type: 'OPEN', view, isLoggedIn });
  };
  const failed = () => {
    dispatch({ type: 'FAILED' });
  };

  // The album options are the album picker in its share mode, in this dialog's stead: asked of
  // the page frame (See: [Note: Dialog requests]) and taken back with this view or dialog.
  const isPicking = files !== null && state.view === 'albumOptions';
  const openPicker = useAlbumPicker();
  const pickerClosed = useEffectEvent(() => {
    // Cancelled: back to the options. Added: the picker closes after onAdded.
    if (!isAddedRef.current) open('options');
  });
  const pickerAdded = useEffectEvent(() => {
    isAddedRef.current = true;
    onClose();
  });
  useEffect(() => {
    if (!isPicking) return;
    return openPicker({
      mode: 'share',
      sourceJobId: files.sourceJobId,
      fileIds: files.fileIds,
      ...(files.currentAlbumId !== undefined && { currentAlbumId: files.currentAlbumId }),
      onAdded: () => {
        pickerAdded();
      },
      onClose: () => {
        pickerClosed();
      },
    });
  }, [isPicking, files, openPicker]);
  if (isPicking) return null;

  const titles: Record<Exclude<ShareView, 'albumOptions'>, string> = {
    options: intl.formatMessage({ id: 'shareDialog.title' }, { count: files?.fileIds.length ?? 0 }),
    email: intl.formatMessage({ id: files ? 'shareDialog.byEmail' : 'shareDialog.invite.title' }),
    externalOptions: intl.formatMessage({ id: 'shareDialog.moreOptions' }),
  };
  const view = state.view === 'albumOptions' ? 'options' : state.view;
  return (
    <ShareFrame
      title={titles[view]}
      viewKey={state.isFailed ? 'failed' : view}
      onClose={onClose}
      isBusy={isBusy}
    >
      {state.isFailed ? (
        <FailedView onClose={onClose} />
      ) : view === 'email' ? (
        <EmailView
          request={request}
          link={link}
          password={password}
          form={form}
          onFormChange={setForm}
          onBusyChange={setIsBusy}
          {...(files && {
            onBack: () => {
              open('options');
            },
          })}
          onClose={onClose}
        />
      ) : view === 'externalOptions' ? (
        <ExternalOptionsView
          link={link}
          password={password}
          onFailed={failed}
          onBack={() => {
            open('options');
          }}
        />
      ) : (
        <OptionsView
          link={link}
          isLoggedIn={isLoggedIn}
          password={password}
          onPasswordChange={setPassword}
          isLoggedInOnly={state.isLoggedInOnly}
          onOpen={open}
          onFailed={failed}
          onLoggedInOnly={() => {
            dispatch({ type: 'LOGGED_IN_ONLY' });
          }}
          onClose={onClose}
        />
      )}
    </ShareFrame>
  );
}

/** spec 000 §8: the share failed; the options come back by themselves 3 s later. */
function FailedView({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  return (
    <>
      <div className="dialog__body share-dialog__body">
        <p className="share-dialog__failed" role="alert">
          {intl.formatMessage({ id: 'shareDialog.failed' })}
        </p>
      </div>
      <div className="dialog__actions">
        <button type="button" className="btn btn--text" onClick={onClose}>
          {intl.formatMessage({ id: 'common.close' })}
        </button>
      </div>
    </>
  );
}
