import { useIntl } from 'react-intl';
import { Icon } from '../../ui/icons.tsx';
import { isSafari } from '../uploads/collect-drop.ts';
import { useUploader } from '../uploads/UploaderProvider.tsx';
import { pickedFromInput } from '../uploads/walk-entries.ts';

/** What the picker offers: images, videos (mp4, m4v, any video) and HEIC photos (spec 000 §5). */
export const UPLOAD_ACCEPT = 'image/*,video/*,video/mp4,video/x-m4v,.mp4,.m4v,.heic,.heif';

/** `webkitdirectory` is not in React's input attributes; every current browser knows it. */
const FOLDER_PICKER = { webkitdirectory: '' };

/**
 * "Add photos" (spec 000 §2) and "Add folder": labels styled as buttons around visually
 * hidden file inputs, so they stay keyboard-operable. The chosen files go to the app's
 * upload queue, whose panel tells how they fare. Safari's folder upload is not supported
 * and says so (spec 000 §5).
 */
export function AddPhotosButton() {
  const intl = useIntl();
  const uploader = useUploader();
  const take = (input: HTMLInputElement) => {
    const picked = pickedFromInput(input.files ?? []);
    input.value = '';
    uploader.addFiles(picked).catch(() => {
      uploader.showNotice('addFailed');
    });
  };
  return (
    <div className="add-photos">
      <label className="btn btn--primary btn--large file-button">
        <input
          type="file"
          className="visually-hidden"
          accept={UPLOAD_ACCEPT}
          multiple
          onChange={(event) => {
            take(event.currentTarget);
          }}
        />
        <Icon name="addPhoto" size={20} />
        {intl.formatMessage({ id: 'timeline.addPhotos' })}
      </label>
      {isSafari() ? (
        <button
          type="button"
          className="btn btn--text"
          onClick={() => {
            uploader.showNotice('safariFolder');
          }}
        >
          {intl.formatMessage({ id: 'upload.addFolder' })}
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
          {intl.formatMessage({ id: 'upload.addFolder' })}
        </label>
      )}
    </div>
  );
}
