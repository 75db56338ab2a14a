import { PROFILE_PICTURE_CROP_PX } from '@trove/contract';
import { useEffect, useState } from 'react';
import Cropper from 'react-easy-crop';
import { useIntl } from 'react-intl';
import type { PixelArea } from './crop.ts';

/** Zoom range of the crop: from the whole image to a fourth of it. */
const MIN_ZOOM = 1;
const MAX_ZOOM = 4;

/** Props of {@link CropStep}. */
export interface CropStepProps {
  /** The image to crop (an object URL). */
  src: string;
  isSaving: boolean;
  /** The failure of the last save, shown above the actions. */
  error: string | undefined;
  onSave: (area: PixelArea) => void;
  onCancel: () => void;
}

/**
 * The crop of spec 000 §2 "Select profile photo" and spec 001 §5: the image under a 310 × 310
 * circle, moved by drag or the arrow keys and zoomed by wheel, pinch or the slider; Escape
 * cancels, Save hands over the square under the circle in the image's pixels.
 */
export function CropStep({ src, isSaving, error, onSave, onCancel }: CropStepProps) {
  const intl = useIntl();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<PixelArea | null>(null);
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => {
      window.removeEventListener('keydown', handleKeyDown);
    };
  }, [onCancel]);
  return (
    <div className="profile-crop">
      <div className="profile-crop__area">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          aspect={1}
          cropShape="round"
          cropSize={{ width: PROFILE_PICTURE_CROP_PX, height: PROFILE_PICTURE_CROP_PX }}
          showGrid={false}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => {
            setArea(pixels);
          }}
          // The crop area takes the arrow keys: named, so a screen reader says what it is.
          cropperProps={{
            role: 'group',
            'aria-label': intl.formatMessage({ id: 'profilePicture.cropArea' }),
          }}
        />
      </div>
      <label className="profile-crop__zoom">
        <span>{intl.formatMessage({ id: 'profilePicture.zoom' })}</span>
        <input
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.05}
          value={zoom}
          onChange={(event) => {
            setZoom(Number(event.currentTarget.value));
          }}
        />
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="profile-crop__actions">
        <button type="button" className="btn btn--text" onClick={onCancel}>
          {intl.formatMessage({ id: 'common.cancel' })}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={area === null || isSaving}
          onClick={() => {
            if (area) onSave(area);
          }}
        >
          {intl.formatMessage({ id: 'common.save' })}
        </button>
      </div>
    </div>
  );
}
