import { useIntl } from 'react-intl';
import { useApi } from '../api/api-context.tsx';
import { HttpError } from '../api/http-error.ts';
import { Icon } from '../ui/icons.tsx';
import { submitAlbumPassword } from './album-call.ts';
import { PasswordPrompt } from './PasswordPrompt.tsx';

/**
 * The album password page (spec 000 §2, §5): the password becomes the album auth value in
 * the browser and is sent once; the grant that comes back opens the album (`onGranted`).
 * A wrong one shows 'incorrect password' (§8); too many tries ask the visitor to wait.
 */
export function AlbumPasswordPage({ albumId, onGranted }: { albumId: string; onGranted: () => void }) {
  const intl = useIntl();
  const api = useApi();
  return (
    <PasswordPrompt
      icon={<Icon name="albums" size={48} />}
      texts={{
        title: intl.formatMessage({ id: 'albums.visitor.passwordTitle' }),
        text: intl.formatMessage({ id: 'albums.visitor.passwordText' }),
        label: intl.formatMessage({ id: 'albums.visitor.passwordLabel' }),
        submit: intl.formatMessage({ id: 'albums.visitor.passwordSubmit' }),
      }}
      className="album-password"
      send={(value) => submitAlbumPassword(api, albumId, value)}
      onGranted={onGranted}
      failureText={(error) => {
        if (!(error instanceof HttpError)) return undefined;
        if (error.status === 403) return intl.formatMessage({ id: 'albums.visitor.passwordIncorrect' });
        if (error.status === 429) return intl.formatMessage({ id: 'albums.visitor.passwordWait' });
        return undefined;
      }}
    />
  );
}
