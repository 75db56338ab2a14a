import type { JobInfo } from '@trove/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useAccountInfoQuery } from '../../auth/api.ts';
import { useCreateAlbumFlow } from '../api-create.ts';
import { albumPath, createAlbumAfterMorePhotosPath, returnPath } from '../route-params.ts';
import {
  NEW_ALBUM_DEFAULTS,
  canCreate,
  createBody,
  needsUserName,
  type AlbumSettings,
} from './edit-model.ts';
import { SetNameDialog } from './SetNameDialog.tsx';
import { SharingFields } from './SharingFields.tsx';
import { TitleField } from './TitleField.tsx';
import type { EditFlowState } from './use-edit-flow.ts';

/** Where Create goes: step 2, or straight to the album (the create-empty-album link). */
type Then = 'addPhotos' | 'album';

/**
 * Step 1 of spec 000 §4 Album create for an album not saved yet: the title, the shared
 * switch with its defaults (§5), Create (enabled per §5) and the create-empty-album link.
 * A shared album first asks for the user's name when the account has none (§5). Create
 * sends POST /jobs (new albums are stored in the grid view mode) and opens step 2.
 */
export function NewAlbumForm({ goToAfter }: { goToAfter: string | null }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const account = useAccountInfoQuery();
  const create = useCreateAlbumFlow();
  const [settings, setSettings] = useState<AlbumSettings>(NEW_ALBUM_DEFAULTS);
  const [isTouched, setIsTouched] = useState(false);
  const [askingName, setAskingName] = useState<Then | null>(null);
  const isEnabled = canCreate(settings, create.isPending);

  const save = (then: Then) => {
    create.mutate(createBody(settings), {
      onSuccess: (album: JobInfo) => {
        const state: EditFlowState = { createdHere: true };
        // Step 2 is the create-album-after-more-photos route (spec 000 §2).
        const path =
          then === 'album' ? albumPath(album.id) : createAlbumAfterMorePhotosPath(album.id, goToAfter);
        // Replaced: Back from step 2 must not show an unsaved step 1 that would create a second album.
        void navigate(path, { replace: true, state });
      },
    });
  };
  const start = (then: Then) => {
    setIsTouched(true);
    if (!isEnabled) return;
    if (needsUserName(settings, account.data?.name)) setAskingName(then);
    else save(then);
  };

  return (
    <>
      <form
        className="album-edit__form"
        onSubmit={(event) => {
          event.preventDefault();
          start('addPhotos');
        }}
      >
        <TitleField
          value={settings.title}
          isShared={settings.isShared}
          isTouched={isTouched}
          autoFocus
          onChange={(title) => {
            setSettings({ ...settings, title });
            setIsTouched(true);
          }}
          onBlur={() => {
            setIsTouched(true);
          }}
        />
        <SharingFields settings={settings} onChange={setSettings} />
        {create.isError && (
          <p className="form-error" role="alert">
            {intl.formatMessage({ id: 'albums.createFailed' })}
          </p>
        )}
        <div className="album-edit__actions">
          <button
            type="button"
            className="btn btn--text"
            onClick={() => {
              void navigate(returnPath(goToAfter));
            }}
          >
            {intl.formatMessage({ id: 'common.cancel' })}
          </button>
          <button type="submit" className="btn btn--primary" disabled={!isEnabled}>
            {intl.formatMessage({ id: 'albums.create' })}
          </button>
        </div>
        <button
          type="button"
          className="btn btn--text album-edit__empty-link"
          disabled={!isEnabled}
          onClick={() => {
            start('album');
          }}
        >
          {intl.formatMessage({ id: 'albumEdit.createEmpty' })}
        </button>
      </form>
      {/* Outside the form: a portal's submit still bubbles to its React parents. */}
      {askingName && (
        <SetNameDialog
          onCancel={() => {
            setAskingName(null);
          }}
          onDone={() => {
            setAskingName(null);
            save(askingName);
          }}
        />
      )}
    </>
  );
}
