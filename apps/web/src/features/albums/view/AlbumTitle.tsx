import { MAX_ALBUM_TITLE_LENGTH, type JobInfo } from '@trove/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useToasts } from '../../../ui/toasts.tsx';
import { isUnnamed } from '../list/model.ts';
import { useAlbumChange } from './album-api.ts';

/**
 * The album's title (spec 000 §3: 'Unnamed album' when empty). Who may edit the album renames
 * it in place (spec 000 §5: at most 255 characters, saved on blur; Enter saves, Escape
 * puts the old title back). A shared album keeps a name: an emptied title is not saved.
 */
export function AlbumTitle({ album, title }: { album: JobInfo; title: string }) {
  const intl = useIntl();
  const toasts = useToasts();
  const change = useAlbumChange(album.id);
  // The text being typed; null while not editing (the album's own title shows).
  const [draft, setDraft] = useState<string | null>(null);
  if (!album.currentUserCan.editAlbum) return <h1 className="page__title album-view__title">{title}</h1>;

  const save = () => {
    if (draft === null) return;
    const name = draft.trim();
    setDraft(null);
    if (name === album.title.trim() || (name === '' && isUnnamed(album.title))) return;
    // spec 000 §5: a shared album needs a name; an emptied one keeps its old name.
    if (name === '' && album.isShared) return;
    change.mutate(
      { kind: 'name', name },
      {
        onError: () => {
          toasts.show({ kind: 'error', text: intl.formatMessage({ id: 'common.genericError' }) });
        },
      },
    );
  };
  // While the new name is on its way, it stays on screen rather than flicker back.
  const pendingName =
    change.isPending && change.variables.kind === 'name' ? change.variables.name : undefined;
  // __new_album__ is no name (spec 000 §3): the placeholder shows instead.
  const shown = draft ?? pendingName ?? (isUnnamed(album.title) ? '' : album.title);
  return (
    <h1 className="page__title album-view__title">
      <input
        className="album-view__title-input"
        value={shown}
        placeholder={intl.formatMessage({ id: 'albumView.unnamed' })}
        aria-label={intl.formatMessage({ id: 'albums.titleLabel' })}
        maxLength={MAX_ALBUM_TITLE_LENGTH}
        onChange={(event) => {
          setDraft(event.target.value);
        }}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
          if (event.key === 'Escape') {
            setDraft(null);
            // Blur after the revert: nothing left to save.
            requestAnimationFrame(() => {
              (event.target as HTMLInputElement).blur();
            });
          }
        }}
      />
    </h1>
  );
}
