import { isUnnamedTitle, type SharedLink } from '@trove/contract';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import { Icon } from '../../ui/icons.tsx';
import { canShareToApps, shareToApps, useCopyLink } from '../shares/api.ts';
import { linkUrl } from './model.ts';

/**
 * One link: what it opens (a share's first pictures and file count, or the album's cover
 * and title), the link with Copy (and the browser's share sheet where there is one), the
 * dates, the password state, who made it (a member, for a share of the user's album) and
 * the album a share came from, and Stop sharing for whoever may end it.
 */
export function SharedLinkRow({ link, onStop }: { link: SharedLink; onStop: (link: SharedLink) => void }) {
  const intl = useIntl();
  const api = useApi();
  const copyLink = useCopyLink();
  const fieldId = useId();
  const url = linkUrl(window.location.origin, link);
  // spec 000 §3: __new_album__ is no name (issue #23).
  const albumTitle = (title: string) =>
    isUnnamedTitle(title) ? intl.formatMessage({ id: 'sharedLinks.untitledAlbum' }) : title;
  const heading =
    link.kind === 'share'
      ? intl.formatMessage({ id: 'sharedLinks.shareOf' }, { count: link.file_count })
      : albumTitle(link.title);
  const date = (seconds: number) => intl.formatDate(seconds * 1000, { dateStyle: 'medium' });
  return (
    <li className="card shared-link">
      <div className="shared-link__thumbs" aria-hidden="true">
        {link.thumbs.map((thumb) => (
          <img key={thumb} src={`${api.directory.thumb}${thumb}`} alt="" loading="lazy" />
        ))}
        {link.thumbs.length === 0 && <Icon name={link.kind === 'share' ? 'share' : 'albums'} size={32} />}
      </div>
      <div className="shared-link__body">
        <h2 className="shared-link__title">{heading}</h2>
        <p className="muted shared-link__kind">
          {link.kind === 'share'
            ? intl.formatMessage({ id: 'sharedLinks.kindShare' })
            : intl.formatMessage({ id: 'sharedLinks.kindAlbum' }, { count: link.file_count })}
        </p>
        <div className="shared-link__url">
          <label htmlFor={fieldId} className="visually-hidden">
            {intl.formatMessage({ id: 'sharedLinks.linkLabel' })}
          </label>
          <input
            id={fieldId}
            className="field__input"
            readOnly
            value={url}
            onFocus={(event) => {
              event.currentTarget.select();
            }}
          />
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => {
              copyLink(url, intl.formatMessage({ id: 'sharedLinks.copied' }));
            }}
          >
            {intl.formatMessage({ id: 'sharedLinks.copy' })}
          </button>
          {canShareToApps() && (
            <button
              type="button"
              className="btn btn--text"
              onClick={() => {
                shareToApps(heading, url);
              }}
            >
              {intl.formatMessage({ id: 'sharedLinks.shareSheet' })}
            </button>
          )}
        </div>
        <dl className="shared-link__facts">
          <dt>{intl.formatMessage({ id: 'sharedLinks.created' })}</dt>
          <dd>{date(link.ctime)}</dd>
          <dt>{intl.formatMessage({ id: 'sharedLinks.expires' })}</dt>
          <dd>
            {link.expires === null ? intl.formatMessage({ id: 'sharedLinks.never' }) : date(link.expires)}
          </dd>
          <dt>{intl.formatMessage({ id: 'sharedLinks.password' })}</dt>
          <dd>
            {intl.formatMessage({
              id: link.has_password ? 'sharedLinks.passwordSet' : 'sharedLinks.passwordNone',
            })}
          </dd>
          <dt>{intl.formatMessage({ id: 'sharedLinks.madeBy' })}</dt>
          <dd>{link.made_by.is_me ? intl.formatMessage({ id: 'sharedLinks.you' }) : link.made_by.name}</dd>
          {link.from_album && (
            <>
              <dt>{intl.formatMessage({ id: 'sharedLinks.fromAlbum' })}</dt>
              <dd>{albumTitle(link.from_album.title)}</dd>
            </>
          )}
        </dl>
      </div>
      {link.can_stop && (
        <button
          type="button"
          className="btn btn--text btn--danger-text shared-link__stop"
          onClick={() => {
            onStop(link);
          }}
        >
          {intl.formatMessage({ id: 'sharedLinks.stop' })}
        </button>
      )}
    </li>
  );
}
