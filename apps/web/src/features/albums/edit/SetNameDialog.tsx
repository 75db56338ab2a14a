import { MAX_NAME_LENGTH } from '@trove/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Dialog } from '../../../ui/Dialog.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useSetNameMutation } from '../../settings/api.ts';
import { canSaveUserName } from './edit-model.ts';

/**
 * The set-name modal of spec 000 §5: a shared album needs the account's user name. The field
 * takes at most 255 characters and Done is enabled only when it is not empty; Done saves
 * the name with POST /name (the settings feature's call) and then hands over.
 */
export function SetNameDialog({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const intl = useIntl();
  const setName = useSetNameMutation();
  const [name, setNameDraft] = useState('');
  const isDone = canSaveUserName(name) && !setName.isPending;
  const submit = () => {
    if (!isDone) return;
    setName.mutate({ name: name.trim() }, { onSuccess: onDone });
  };
  return (
    <Dialog
      title={intl.formatMessage({ id: 'albumEdit.userName.title' })}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="btn btn--text" onClick={onCancel}>
            {intl.formatMessage({ id: 'common.cancel' })}
          </button>
          <button type="submit" form="album-user-name" className="btn btn--primary" disabled={!isDone}>
            {intl.formatMessage({ id: 'albumEdit.done' })}
          </button>
        </>
      }
    >
      <form
        id="album-user-name"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={intl.formatMessage({ id: 'settings.name' })}
          value={name}
          maxLength={MAX_NAME_LENGTH}
          autoComplete="name"
          autoFocus
          onChange={(event) => {
            setNameDraft(event.currentTarget.value);
          }}
        />
      </form>
      {setName.isError && (
        <p className="form-error" role="alert">
          {intl.formatMessage({ id: 'settings.nameFailed' })}
        </p>
      )}
    </Dialog>
  );
}
