import { useIntl } from 'react-intl';
import type { AlbumSettings } from './edit-model.ts';

/**
 * The shared switch of step 1 and, for a shared album, its permissions (spec 000 §3
 * allow_comments, allow_uploads; §5 defaults: on). Native checkboxes with the switch role,
 * so Space toggles them.
 */
export function SharingFields({
  settings,
  onChange,
}: {
  settings: AlbumSettings;
  onChange: (settings: AlbumSettings) => void;
}) {
  const intl = useIntl();
  return (
    <fieldset className="album-edit__sharing">
      <Switch
        label={intl.formatMessage({ id: 'albumEdit.shared' })}
        isOn={settings.isShared}
        onToggle={(isShared) => {
          onChange({ ...settings, isShared });
        }}
      />
      {settings.isShared && (
        <>
          <Switch
            label={intl.formatMessage({ id: 'albumEdit.allowComments' })}
            isOn={settings.allowComments}
            onToggle={(allowComments) => {
              onChange({ ...settings, allowComments });
            }}
          />
          <Switch
            label={intl.formatMessage({ id: 'albumEdit.allowUploads' })}
            isOn={settings.allowUploads}
            onToggle={(allowUploads) => {
              onChange({ ...settings, allowUploads });
            }}
          />
        </>
      )}
    </fieldset>
  );
}

function Switch(props: { label: string; isOn: boolean; onToggle: (isOn: boolean) => void }) {
  return (
    <label className="album-edit__switch">
      <input
        type="checkbox"
        role="switch"
        checked={props.isOn}
        onChange={(event) => {
          props.onToggle(event.currentTarget.checked);
        }}
      />
      <span>{props.label}</span>
    </label>
  );
}
