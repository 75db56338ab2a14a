import { MAX_NAME_LENGTH } from '@trove/contract';
import { useIntl } from 'react-intl';
import { formText } from '../../lib/form-data.ts';
import { TextField } from '../../ui/TextField.tsx';
import { useSetNameMutation } from './api.ts';

/** Edits the account's name (spec 001 §3); failure says 'Failed to update profile name' (spec 001 §8). */
export function NameForm({ name }: { name: string }) {
  const intl = useIntl();
  const setName = useSetNameMutation();
  return (
    <form
      className="inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        const value = formText(new FormData(event.currentTarget), 'name').trim();
        if (value !== '') setName.mutate({ name: value });
      }}
    >
      <TextField
        // A new key when the saved name changes resets the uncontrolled input to it.
        key={name}
        className="inline-form__field"
        label={intl.formatMessage({ id: 'settings.name' })}
        name="name"
        defaultValue={name}
        autoComplete="name"
        required
        maxLength={MAX_NAME_LENGTH}
        onChange={() => {
          if (!setName.isIdle) setName.reset();
        }}
      />
      <button type="submit" className="btn btn--primary" disabled={setName.isPending}>
        {intl.formatMessage({ id: 'common.save' })}
      </button>
      <p className="inline-form__status" role="status">
        {setName.isSuccess && intl.formatMessage({ id: 'settings.nameSaved' })}
      </p>
      {setName.isError && (
        <p className="form-error" role="alert">
          {intl.formatMessage({ id: 'settings.nameFailed' })}
        </p>
      )}
    </form>
  );
}
