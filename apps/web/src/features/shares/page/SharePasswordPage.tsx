import { SHARE_PASSWORD_MAX_LENGTH } from '@trove/contract';
import { useIntl } from 'react-intl';
import { useApi } from '../../../api/api-context.tsx';
import { HttpError } from '../../../api/http-error.ts';
import { PasswordPrompt } from '../../../album-access/PasswordPrompt.tsx';
import { submitSharePassword } from './api.ts';
import { ShareIcon } from './share-icons.tsx';

/**
 * The password page of a share (spec 000 §2, §5): the password goes as entered, once, in the
 * body of POST /shares/{id}/auth; the grant that comes back opens the share (`onGranted`).
 * A wrong one shows 'incorrect password' (spec 000 §8), and so does a throttled try: an
 * answer that told the two apart would tell a guesser when to stop.
 */
export function SharePasswordPage({ shareId, onGranted }: { shareId: string; onGranted: () => void }) {
  const intl = useIntl();
  const api = useApi();
  return (
    <PasswordPrompt
      icon={<ShareIcon name="lock" size={48} />}
      texts={{
        title: intl.formatMessage({ id: 'sharePage.password.title' }),
        text: intl.formatMessage({ id: 'sharePage.password.text' }),
        label: intl.formatMessage({ id: 'sharePage.password.label' }),
        submit: intl.formatMessage({ id: 'sharePage.password.submit' }),
      }}
      className="share-password"
      maxLength={SHARE_PASSWORD_MAX_LENGTH}
      send={(value) => submitSharePassword(api, shareId, value)}
      onGranted={onGranted}
      failureText={(error) =>
        error instanceof HttpError && (error.status === 403 || error.status === 429)
          ? intl.formatMessage({ id: 'sharePage.password.incorrect' })
          : undefined
      }
    />
  );
}
