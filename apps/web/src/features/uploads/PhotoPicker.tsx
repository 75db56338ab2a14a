import { useIntl } from 'react-intl';
import { Icon } from '../../ui/icons.tsx';
import type { PickedFile } from './uploader.ts';
import { pickedFromInput } from './walk-entries.ts';

/** What the picker offers: images, videos (mp4, m4v, any video) and HEIC photos (spec 000 §5). */
export const UPLOAD_ACCEPT = 'image/*,video/*,video/mp4,video/x-m4v,.mp4,.m4v,.heic,.heif';

/**
 * "Add photos" (spec 000 §2): a label styled as a button around a visually hidden file
 * input, so it stays keyboard-operable. Hands over what was picked (nothing when the user
 * cancelled) and empties the input, so the same files can be picked again.
 */
export function PhotoPicker({
  className,
  label,
  onPick,
}: {
  className: string;
  /** The button's text; 'Add photos' when not given. */
  label?: string;
  onPick: (picked: PickedFile[]) => void;
}) {
  const intl = useIntl();
  return (
    <label className={`${className} file-button`}>
      <input
        type="file"
        className="visually-hidden"
        accept={UPLOAD_ACCEPT}
        multiple
        onChange={(event) => {
          const input = event.currentTarget;
          const picked = pickedFromInput(input.files ?? []);
          input.value = '';
          if (picked.length > 0) onPick(picked);
        }}
      />
      <Icon name="addPhoto" size={20} />
      <span className="file-button__text">{label ?? intl.formatMessage({ id: 'timeline.addPhotos' })}</span>
    </label>
  );
}
