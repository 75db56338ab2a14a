import { useIntl } from 'react-intl';
import { Icon } from '../../ui/icons.tsx';
import { useAccountInfoQuery } from '../auth/api.ts';
import { SubscriptionGate } from '../storage/index.ts';
import { isSafari, PhotoPicker, type PickedFile, useUploader, pickedFromInput } from '../uploads/index.ts';

/** `webkitdirectory` is not in React's input attributes; every current browser knows it. */
const FOLDER_PICKER = { webkitdirectory: '' };

/**
 * "Add photos" (spec 000 §2) and "Add folder": labels styled as buttons around visually
 * hidden file inputs, so they stay keyboard-operable. In the timeline's header on a phone
 * they shrink to their icons (their names stay for assistive tech), beside the filters. The chosen files go to the app's
 * upload queue, whose panel tells how they fare. Safari's folder upload is not supported
 * and says so (spec 000 §5). A read-only user's upload button is disabled with the subscribe
 * tooltip (spec 001 §4, §6); the server refuses their uploads the same way (addPhotos needs
 * a subscription in the access table).
 */
export function AddPhotosButton() {
  const intl = useIntl();
  const uploader = useUploader();
  const isReadOnly = useAccountInfoQuery().data?.is_read_only_user === true;
  if (isReadOnly)
    return (
      <div className="add-photos">
        <SubscriptionGate
          className="btn btn--primary btn--large"
          icon={<Icon name="addPhoto" size={20} />}
          label={intl.formatMessage({ id: 'timeline.addPhotos' })}
        />
      </div>
    );
  const add = (picked: readonly PickedFile[]) => {
    uploader.addFiles(picked).catch(() => {
      uploader.showNotice('addFailed');
    });
  };
  const take = (input: HTMLInputElement) => {
    const picked = pickedFromInput(input.files ?? []);
    input.value = '';
    add(picked);
  };
  return (
    <div className="add-photos">
      <PhotoPicker className="btn btn--primary btn--large" onPick={add} />
      {isSafari() ? (
        <button
          type="button"
          className="btn btn--text"
          onClick={() => {
            uploader.showNotice('safariFolder');
          }}
        >
          <Icon name="addFolder" size={20} />
          <span className="file-button__text">{intl.formatMessage({ id: 'upload.addFolder' })}</span>
        </button>
      ) : (
        <label className="btn btn--text file-button">
          <input
            type="file"
            className="visually-hidden"
            multiple
            {...FOLDER_PICKER}
            onChange={(event) => {
              take(event.currentTarget);
            }}
          />
          <Icon name="addFolder" size={20} />
          <span className="file-button__text">{intl.formatMessage({ id: 'upload.addFolder' })}</span>
        </label>
      )}
    </div>
  );
}
