import { albumAuthValue, type JobInfo } from '@trove/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useToasts } from '../../../ui/toasts.tsx';
import { useAlbumChange } from './album-api.ts';

/**
 * The owner sets, changes or removes the password of a shared album (spec 000 §5 album
 * passwords). Only the album auth value derived from it leaves the browser; changing or
 * removing it ends every visitor's access at once (see the server's [Note: Visitors]).
 */
export function AlbumPasswordDialog({ album, onClose }: { album: JobInfo; onClose: () => void }) {
  const intl = useIntl();
  const toasts = useToasts();
  const change = useAlbumChange(album.id);
  const [password, setPassword] = useState('');
  const [isDeriving, setIsDeriving] = useState(false);
  const text = (id: MessageId) => intl.formatMessage({ id });
  const busy = isDeriving || change.isPending;

  const save = async (next: string) => {
    setIsDeriving(true);
    const value = next === '' ? '' : await albumAuthValue(next, album.id);
    setIsDeriving(false);
    change.mutate(
      { kind: 'password', password: value },
      {
        onSuccess: () => {
          toasts.show({
            kind: 'success',
            text: text(next === '' ? 'albumView.passwordRemoved' : 'albumView.passwordSaved'),
          });
          onClose();
        },
        onError: () => {
          toasts.show({ kind: 'error', text: text('common.genericError') });
        },
      },
    );
  };

  return (
    <Dialog
      title={text('albumView.passwordTitle')}
      onClose={onClose}
      actions={
        <>
          {album.has_password && (
            <button type="button" className="btn" disabled={busy} onClick={() => void save('')}>
              {text('albumView.passwordRemove')}
            </button>
          )}
          <button type="button" className="btn" onClick={onClose}>
            {text('common.cancel')}
          </button>
          <button
            type="submit"
            form="album-password"
            className="btn btn--primary"
            disabled={busy || password === ''}
          >
            {text('albumView.passwordSave')}
          </button>
        </>
      }
    >
      <form
        id="album-password"
        onSubmit={(event) => {
          event.preventDefault();
          if (password !== '') void save(password);
        }}
      >
        <TextField
          label={text('albumView.passwordLabel')}
          type="password"
          autoComplete="new-password"
          autoFocus
          maxLength={255}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
          }}
        />
      </form>
    </Dialog>
  );
}
