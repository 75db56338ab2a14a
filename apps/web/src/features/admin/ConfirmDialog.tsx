import { useIntl } from 'react-intl';
import { Dialog } from '../../ui/Dialog.tsx';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  title: string;
  text: string;
  /** The confirming button's words (the action's own verb, never "OK"). */
  confirmLabel: string;
  /** The action cannot be undone or takes something away: the button says so by colour. */
  danger?: boolean;
  /** The action is under way: the confirming button waits. */
  pending?: boolean;
  /** The action failed: the dialog stays and says so. */
  failed?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The admin area's question before an action that reaches others (publish terms, send an
 * announcement, restore or retry a deletion, retry a work item): a title, what it does,
 * Cancel and the action. Keyboard and phone width as every Dialog.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const intl = useIntl();
  return (
    <Dialog
      title={props.title}
      onClose={props.onClose}
      // spec 000 §9: Enter confirms.
      onEnter={props.pending ? undefined : props.onConfirm}
      actions={
        <>
          <button type="button" className="btn btn--text" onClick={props.onClose}>
            {intl.formatMessage({ id: 'common.cancel' })}
          </button>
          <button
            type="button"
            className={`btn ${props.danger ? 'btn--danger' : 'btn--primary'}`}
            disabled={props.pending}
            onClick={props.onConfirm}
          >
            {props.confirmLabel}
          </button>
        </>
      }
    >
      <p>{props.text}</p>
      {props.failed && <FormAlert text={intl.formatMessage({ id: 'admin.failed' })} />}
    </Dialog>
  );
}

/** A form's or an action's problem, read out when it appears. */
export function FormAlert({ text }: { text: string }) {
  return (
    <p className="form-error" role="alert">
      {text}
    </p>
  );
}
