import type { ConfirmKind } from '@trove/contract';
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/messages.ts';
import { Dialog } from './Dialog.tsx';

interface ConfirmTexts {
  title: MessageId;
  body: MessageId;
  confirm: MessageId;
}

/** Texts of each confirm dialog of spec 000 §4 / spec 001 §5. */
const CONFIRM_TEXTS: Record<ConfirmKind, ConfirmTexts> = {
  DELETE_ALBUM: {
    title: 'confirm.deleteAlbum.title',
    body: 'confirm.deleteAlbum.body',
    confirm: 'common.delete',
  },
  UNSUBSCRIBE_ALBUM: {
    title: 'confirm.unsubscribeAlbum.title',
    body: 'confirm.unsubscribeAlbum.body',
    confirm: 'confirm.unsubscribeAlbum.confirm',
  },
  DELETE_FILE: {
    title: 'confirm.deleteFile.title',
    body: 'confirm.deleteFile.body',
    confirm: 'common.delete',
  },
  DELETE_DEVICE: {
    title: 'confirm.deleteDevice.title',
    body: 'confirm.deleteDevice.body',
    confirm: 'common.remove',
  },
};

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  kind: ConfirmKind;
  /** Values of the messages, e.g. `{ name }` of the device, `{ count }` of the files to delete. */
  values?: Record<string, string | number>;
  onConfirm: () => void;
  onCancel: () => void;
  isPending?: boolean;
  /** A failure message shown above the buttons. */
  error?: string | undefined;
}

/** A destructive action's confirmation: Cancel (focused first) and a danger button; Enter confirms (spec 000 §9). */
export function ConfirmDialog({
  kind,
  values,
  onConfirm,
  onCancel,
  isPending = false,
  error,
}: ConfirmDialogProps) {
  const intl = useIntl();
  const texts = CONFIRM_TEXTS[kind];
  return (
    <Dialog
      title={intl.formatMessage({ id: texts.title }, values)}
      onClose={onCancel}
      onEnter={isPending ? undefined : onConfirm}
      actions={
        <>
          <button type="button" className="btn btn--text" onClick={onCancel}>
            {intl.formatMessage({ id: 'common.cancel' })}
          </button>
          <button type="button" className="btn btn--danger" onClick={onConfirm} disabled={isPending}>
            {intl.formatMessage({ id: texts.confirm })}
          </button>
        </>
      }
    >
      <p>{intl.formatMessage({ id: texts.body }, values)}</p>
      {error !== undefined && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
