import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Icon, type IconName } from '../ui/icons.tsx';
import { loginPath } from './roles.ts';

function MessagePage(props: { icon: IconName; title: string; text: string; children?: ReactNode }) {
  return (
    <section className="message-page">
      <div className="message-page__icon">
        <Icon name={props.icon} size={48} />
      </div>
      <h1>{props.title}</h1>
      <p>{props.text}</p>
      {props.children}
    </section>
  );
}

function SignInLink({ albumId }: { albumId: string }) {
  const intl = useIntl();
  return (
    <Link className="btn btn--primary" to={loginPath(`/a/${encodeURIComponent(albumId)}`)}>
      {intl.formatMessage({ id: 'common.signIn' })}
    </Link>
  );
}

function AlbumsLink() {
  const intl = useIntl();
  return (
    <Link className="btn btn--secondary" to="/albums">
      {intl.formatMessage({ id: 'albums.visitor.toAlbums' })}
    </Link>
  );
}

/**
 * The album-not-found page (spec 000 §2, §8): the link expired, the album was deleted or the
 * link is misspelt. Signed in it leads to the user's albums; signed out it offers to sign in
 * (the album may be for members). `onRetry` is given when the fetch failed rather than found
 * nothing.
 */
export function AlbumNotFound(props: { albumId: string; isLoggedIn: boolean; onRetry?: () => void }) {
  const intl = useIntl();
  return (
    <MessagePage
      icon="albums"
      title={intl.formatMessage({ id: 'albums.notFoundTitle' })}
      text={intl.formatMessage({ id: 'albums.visitor.notFoundText' })}
    >
      {props.onRetry && (
        <button type="button" className="btn btn--secondary" onClick={props.onRetry}>
          {intl.formatMessage({ id: 'common.tryAgain' })}
        </button>
      )}
      {props.isLoggedIn ? <AlbumsLink /> : <SignInLink albumId={props.albumId} />}
    </MessagePage>
  );
}

/** spec 000 §4 LOGIN_REQUIRED: the album opens only for its members; sign in, then come back. */
export function AlbumLoginRequired({ albumId }: { albumId: string }) {
  const intl = useIntl();
  return (
    <MessagePage
      icon="person"
      title={intl.formatMessage({ id: 'albums.visitor.loginTitle' })}
      text={intl.formatMessage({ id: 'albums.visitor.loginText' })}
    >
      <SignInLink albumId={albumId} />
    </MessagePage>
  );
}

/**
 * spec 000 §4 RECENTLY_DELETED: the album was deleted by its owner; `children` are what the
 * owner may do about it from here (the album view gives its restore actions when signed in).
 */
export function AlbumRecentlyDeleted({ children }: { children?: ReactNode }) {
  const intl = useIntl();
  return (
    <MessagePage
      icon="delete"
      title={intl.formatMessage({ id: 'albums.visitor.deletedTitle' })}
      text={intl.formatMessage({ id: 'albums.visitor.deletedText' })}
    >
      {children}
      <AlbumsLink />
    </MessagePage>
  );
}
