import '../../styles/album-edit.css';
import './profile-picture.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useApi } from '../../api/api-context.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { CropStep } from './CropStep.tsx';
import { cropToJpeg, findTimelineFile, type PixelArea } from './crop.ts';
import { useSetPictureMutation } from './api.ts';
import { ChooseStep } from './ChooseStep.tsx';
import { TimelineStep } from './TimelineStep.tsx';
import { largeThumbUrl } from '../viewer/index.ts';

type Step = { name: 'choose' } | { name: 'timeline' } | { name: 'crop'; src: string };

/** An object URL revoked when the step that shows it goes. */
function useRevokeOnLeave(step: Step) {
  useEffect(
    () => () => {
      if (step.name === 'crop') URL.revokeObjectURL(step.src);
    },
    [step],
  );
}

/**
 * Route /selectProfilePicture (spec 000 §2 "choose profile picture from timeline", spec 001
 * §2, §5): a photo from the timeline (the Add photos picker, one photo) or from the device,
 * cropped in a 310 × 310 circle and saved with POST /profile/picture; a failure says 'Failed
 * to update profile picture' (spec 001 §8). The current picture can be removed.
 */
export function ProfilePicturePage() {
  const intl = useIntl();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const save = useSetPictureMutation();
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [error, setError] = useState<string | undefined>(undefined);
  useRevokeOnLeave(step);
  const title = intl.formatMessage({ id: 'profilePicture.title' });
  usePageTitle(title);
  const failed = () => {
    setError(intl.formatMessage({ id: 'profilePicture.failed' }));
  };
  const back = () => {
    setError(undefined);
    setStep({ name: 'choose' });
  };
  const crop = (picture: Blob) => {
    setError(undefined);
    setStep({ name: 'crop', src: URL.createObjectURL(picture) });
  };
  const pickTimelineFile = (fileId: string) => {
    const file = findTimelineFile(queryClient, fileId);
    const url = file && largeThumbUrl(api.directory, file);
    if (!url) {
      setError(intl.formatMessage({ id: 'profilePicture.loadFailed' }));
      return;
    }
    api.media(url).then(crop, () => {
      setError(intl.formatMessage({ id: 'profilePicture.loadFailed' }));
    });
  };
  const saveCrop = (src: string, area: PixelArea) => {
    setError(undefined);
    cropToJpeg(src, area).then((picture) => {
      save.mutate(picture, { onSuccess: () => void navigate('/settings'), onError: failed });
    }, failed);
  };

  if (step.name === 'timeline')
    return <TimelineStep error={error} onPick={pickTimelineFile} onCancel={back} />;
  return (
    <section className="page page--narrow profile-picture">
      <h1 className="page__title">{title}</h1>
      {step.name === 'crop' ? (
        <CropStep
          src={step.src}
          isSaving={save.isPending}
          error={error}
          onSave={(area) => {
            saveCrop(step.src, area);
          }}
          onCancel={back}
        />
      ) : (
        <ChooseStep
          error={error}
          onTimeline={() => {
            setError(undefined);
            setStep({ name: 'timeline' });
          }}
          onDeviceFile={crop}
        />
      )}
    </section>
  );
}
