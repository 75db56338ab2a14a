import { NEW_ALBUM_TITLE, type JobInfo } from '@trove/contract';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useAlbumFiles } from '../api.ts';
import { useRenameAlbum } from '../api-create.ts';
import { ADD_PHOTOS_TAB, albumEditPath } from '../route-params.ts';
import { titleError, titleToSave } from './edit-model.ts';
import { TitleField } from './TitleField.tsx';
import { cancelTarget, useCancelFlow, useIsReceiving } from './use-edit-flow.ts';

/** An album's title as the field shows it: the unnamed marker is an empty field (spec 000 §3). */
const shownTitle = (album: JobInfo) => (album.title === NEW_ALBUM_TITLE ? '' : album.title);

/**
 * Step 1 for an album that exists (spec 000 §5): the field is cleared on its first focus,
 * and the title is saved on blur with POST /jobs/{id}/name when it changed and keeps the
 * rules (a shared album's may not be empty). Next opens step 2; Cancel runs the cleanup.
 */
export function EditNameForm({
  album,
  goToAfter,
  isCreatedHere,
}: {
  album: JobInfo;
  goToAfter: string | null;
  isCreatedHere: boolean;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const rename = useRenameAlbum(album.id);
  const files = useAlbumFiles(album.id, false);
  const isReceiving = useIsReceiving(album.id);
  const [draft, setDraft] = useState(() => shownTitle(album));
  const [hasTyped, setHasTyped] = useState(false);
  const hasFocused = useRef(false);
  const canEdit = album.currentUserCan.editAlbum;
  const cancel = useCancelFlow({
    albumId: album.id,
    isCreatedHere,
    fileCount: files.data?.length ?? album.media_count ?? 0,
    isCopying: false,
    isReceiving,
    target: cancelTarget(goToAfter, 'albums'),
  });
  // Until the user types, the title is the saved one, even while the field shows it cleared.
  const title = hasTyped ? draft : shownTitle(album);
  const isValid = titleError(title, album.isShared) === undefined;
  const sent = useRef<string | undefined>(undefined);
  const save = () => {
    const changed = titleToSave(draft, shownTitle(album), { isShared: album.isShared, hasTyped });
    // A blur and then a click on Next would otherwise send the same name twice.
    if (changed === undefined || changed === sent.current) return;
    sent.current = changed;
    rename.mutate(changed);
  };
  const next = () => {
    void navigate(albumEditPath(album.id, ADD_PHOTOS_TAB, goToAfter), {
      state: { createdHere: isCreatedHere },
    });
  };

  return (
    <form
      className="album-edit__form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!isValid) return;
        save();
        next();
      }}
    >
      <TitleField
        value={draft}
        isShared={album.isShared}
        isTouched={hasTyped}
        readOnly={!canEdit}
        onChange={(value) => {
          setDraft(value);
          setHasTyped(true);
        }}
        onFocus={() => {
          if (hasFocused.current || !canEdit) return;
          hasFocused.current = true;
          setDraft('');
        }}
        onBlur={() => {
          save();
          // Cleared by the first focus and left untouched: the old title stays.
          if (!hasTyped) setDraft(shownTitle(album));
        }}
      />
      {rename.isError && (
        <p className="form-error" role="alert">
          {intl.formatMessage({ id: 'common.genericError' })}
        </p>
      )}
      <div className="album-edit__actions">
        <button
          type="button"
          className="btn btn--text"
          onClick={() => {
            void cancel();
          }}
        >
          {intl.formatMessage({ id: 'common.cancel' })}
        </button>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={!album.currentUserCan.addPhotos || !isValid}
        >
          {intl.formatMessage({ id: 'albumEdit.next' })}
        </button>
      </div>
    </form>
  );
}
