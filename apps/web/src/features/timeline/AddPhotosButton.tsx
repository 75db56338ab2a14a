import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import { Icon } from '../../ui/icons.tsx';
import { accountKeys } from '../auth/api.ts';
import { uploadToTimeline, type UploadOutcome } from '../uploads/upload-files.ts';
import { timelineKeys } from './api.ts';

const UPLOAD_KEY = ['upload', 'timeline'] as const;

/** What the picker offers: images, mp4/m4v videos and HEIC photos (spec 000 §5). */
export const UPLOAD_ACCEPT = 'image/*,video/mp4,video/x-m4v,.mp4,.m4v,.heic,.heif';

/**
 * The "Add photos" button of the timeline's empty state (spec 000 §2): a label styled as a
 * button around a visually hidden file input, so it stays keyboard-operable. The chosen
 * files go to the timeline one by one; a live region tells how far it got and what failed.
 */
export function AddPhotosButton() {
  const intl = useIntl();
  const api = useApi();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  const upload = useMutation({
    mutationKey: UPLOAD_KEY,
    mutationFn: (files: File[]) =>
      uploadToTimeline(api, files, (done, total) => {
        setProgress({ done, total });
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
        queryClient.invalidateQueries({ queryKey: timelineKeys.all }),
      ]),
  });
  // The last upload's outcome outlives this button: when the first photos arrive, the empty
  // state gives way to the grid, whose own button must still say what happened.
  const outcome = useMutationState({
    filters: { mutationKey: UPLOAD_KEY, status: 'success' },
    select: (mutation) => mutation.state.data as UploadOutcome | undefined,
  }).at(-1);

  return (
    <div className="add-photos">
      <label className={`btn btn--primary btn--large file-button${upload.isPending ? ' is-disabled' : ''}`}>
        <input
          type="file"
          className="visually-hidden"
          accept={UPLOAD_ACCEPT}
          multiple
          disabled={upload.isPending}
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = '';
            if (files.length > 0) upload.mutate(files);
          }}
        />
        <Icon name="addPhoto" size={20} />
        {intl.formatMessage({ id: 'timeline.addPhotos' })}
      </label>
      <div className="add-photos__status" role="status" aria-live="polite">
        {upload.isPending && progress && (
          <p>
            {intl.formatMessage({ id: 'upload.progress' }, { done: progress.done, total: progress.total })}
          </p>
        )}
        {upload.isError && (
          <p className="notice notice--error">{intl.formatMessage({ id: 'common.genericError' })}</p>
        )}
        {outcome && outcome.added > 0 && (
          <p>{intl.formatMessage({ id: 'upload.added' }, { count: outcome.added })}</p>
        )}
        {outcome?.offlineAt !== undefined && (
          <p className="notice notice--error">
            {intl.formatMessage({ id: 'upload.offline' }, { count: outcome.total - outcome.offlineAt })}
          </p>
        )}
        {outcome && outcome.rejected.length > 0 && (
          <div className="notice notice--error">
            <p>{intl.formatMessage({ id: 'upload.someFailed' })}</p>
            <ul className="add-photos__rejected">
              {outcome.rejected.map((item, index) => (
                <li key={`${String(index)}-${item.name}`}>
                  {item.name}: {intl.formatMessage({ id: `upload.reason.${item.reason}` })}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}
