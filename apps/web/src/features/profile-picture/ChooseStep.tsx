import { PROFILE_PICTURE_FORMATS } from '@trove/contract';
import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Avatar } from '../../ui/Avatar.tsx';
import { useAccountInfoQuery } from '../auth/api.ts';
import { useDeletePictureMutation } from './api.ts';

/** What the file chooser offers: the formats the server takes (checked there on the bytes). */
const ACCEPT = PROFILE_PICTURE_FORMATS.map((format) => `image/${format}`).join(',');

/**
 * The start of /selectProfilePicture: the current avatar, a photo from the timeline or the
 * device, and Remove while there is a picture (the avatar falls back to initials).
 */
export function ChooseStep(props: {
  error: string | undefined;
  onTimeline: () => void;
  onDeviceFile: (file: File) => void;
}) {
  const intl = useIntl();
  const account = useAccountInfoQuery().data;
  const remove = useDeletePictureMutation();
  const input = useRef<HTMLInputElement>(null);
  const picture = account?.profile_picture ?? null;
  return (
    <div className="profile-choose">
      <Avatar
        name={account?.name ?? ''}
        fallback={account?.logged_in_as ?? ''}
        pictureUrl={picture}
        size={120}
      />
      <div className="profile-choose__actions">
        <button type="button" className="btn btn--primary" onClick={props.onTimeline}>
          {intl.formatMessage({ id: 'profilePicture.fromTimeline' })}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => {
            input.current?.click();
          }}
        >
          {intl.formatMessage({ id: 'profilePicture.fromDevice' })}
        </button>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          data-testid="profile-picture-file"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) props.onDeviceFile(file);
          }}
        />
        {picture !== null && (
          <button
            type="button"
            className="btn btn--text"
            disabled={remove.isPending}
            onClick={() => {
              remove.mutate();
            }}
          >
            {intl.formatMessage({ id: 'profilePicture.remove' })}
          </button>
        )}
        <Link to="/settings" className="btn btn--text">
          {intl.formatMessage({ id: 'common.cancel' })}
        </Link>
      </div>
      {(props.error ?? remove.isError) && (
        <p className="form-error" role="alert">
          {props.error ?? intl.formatMessage({ id: 'profilePicture.removeFailed' })}
        </p>
      )}
    </div>
  );
}
