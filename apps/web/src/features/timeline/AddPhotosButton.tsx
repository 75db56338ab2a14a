import { useIntl } from 'react-intl';
import { Icon } from '../../ui/icons.tsx';

/** What the picker offers: images, mp4/m4v videos and HEIC photos (spec 000 §5). */
export const UPLOAD_ACCEPT = 'image/*,video/mp4,video/x-m4v,.mp4,.m4v,.heic,.heif';

/**
 * The "Add photos" button of the timeline's empty state (spec 000 §2): a label styled as a
 * button around a visually hidden file input, so it stays keyboard-operable.
 */
export function AddPhotosButton() {
  const intl = useIntl();
  return (
    <label className="btn btn--primary btn--large file-button">
      <input
        type="file"
        className="visually-hidden"
        accept={UPLOAD_ACCEPT}
        multiple
        onChange={(event) => {
          // TODO(#4): hand files to the uploader
          event.currentTarget.value = '';
        }}
      />
      <Icon name="addPhoto" size={20} />
      {intl.formatMessage({ id: 'timeline.addPhotos' })}
    </label>
  );
}
