import { MAX_ALBUM_TITLE_LENGTH } from '@trove/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { Dialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useCreateAlbum } from './api.ts';

/**
 * Step 1 of spec 000 §4 Album create: name the album (at most 255 characters, §5; a
 * private album may stay unnamed). Create saves it and opens it, where photos are added.
 */
export function CreateAlbumDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const create = useCreateAlbum();
  const [title, setTitle] = useState('');
  const submit = () => {
    create.mutate(
      { name: title },
      {
        onSuccess: (album) => {
          onClose();
          void navigate(`/albums/${encodeURIComponent(album.id)}`);
        },
      },
    );
  };
  return (
    <Dialog
      title={intl.formatMessage({ id: 'albums.createTitle' })}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn--text" onClick={onClose}>
            {intl.formatMessage({ id: 'common.cancel' })}
          </button>
          <button type="submit" form="create-album" className="btn btn--primary" disabled={create.isPending}>
            {intl.formatMessage({ id: 'albums.create' })}
          </button>
        </>
      }
    >
      <form
        id="create-album"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={intl.formatMessage({ id: 'albums.titleLabel' })}
          value={title}
          maxLength={MAX_ALBUM_TITLE_LENGTH}
          autoFocus
          onChange={(event) => {
            setTitle(event.currentTarget.value);
          }}
        />
      </form>
      {create.isError && (
        <p className="form-error" role="alert">
          {intl.formatMessage({ id: 'albums.createFailed' })}
        </p>
      )}
    </Dialog>
  );
}
