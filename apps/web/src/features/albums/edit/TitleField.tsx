import { MAX_ALBUM_TITLE_LENGTH } from '@trove/contract';
import { useId, type FocusEvent } from 'react';
import { useIntl } from 'react-intl';
import { titleError } from './edit-model.ts';

/** Props of {@link TitleField}. */
export interface TitleFieldProps {
  value: string;
  isShared: boolean;
  /** Show the rule's message: the user typed or left the field. */
  isTouched: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
  onChange: (value: string) => void;
  onFocus?: () => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

/**
 * The album title input of spec 000 §5: at most 255 characters; the placeholder is 'my new
 * shared album' for a shared album (§5 default) and 'Unnamed album' for a private one
 * (§3); an empty shared title says 'album name is required for shared albums'.
 */
export function TitleField(props: TitleFieldProps) {
  const intl = useIntl();
  const id = useId();
  // Only the shared rule can fail here: maxlength keeps the input within 255.
  const error = props.isTouched && titleError(props.value, props.isShared) === 'sharedNeedsName';
  const errorId = `${id}-error`;
  return (
    <div className="field album-edit__title">
      <label htmlFor={id} className="field__label">
        {intl.formatMessage({ id: 'albums.titleLabel' })}
      </label>
      <input
        id={id}
        className="field__input"
        value={props.value}
        maxLength={MAX_ALBUM_TITLE_LENGTH}
        placeholder={intl.formatMessage({
          id: props.isShared ? 'albumEdit.sharedPlaceholder' : 'albumEdit.privatePlaceholder',
        })}
        readOnly={props.readOnly}
        autoFocus={props.autoFocus}
        aria-invalid={error || undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          props.onChange(event.currentTarget.value);
        }}
        onFocus={props.onFocus}
        onBlur={props.onBlur}
      />
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {intl.formatMessage({ id: 'albumEdit.nameRequired' })}
        </p>
      )}
    </div>
  );
}
