import { SHARE_PASSWORD_MAX_LENGTH } from '@trove/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages.ts';
import { TextField } from '../../../ui/TextField.tsx';
import { useToasts } from '../../../ui/toasts.tsx';
import { copyLinkToClipboard } from './copy-link.ts';
import { shareLink, type ShareView } from './model.ts';
import { ShareIcon, type ShareIconName } from './share-icons.tsx';
import type { ShareLink } from './use-share-link.ts';

/** Props of {@link OptionsView}. */
export interface OptionsViewProps {
  link: ShareLink;
  isLoggedIn: boolean;
  password: string;
  onPasswordChange: (password: string) => void;
  /** 'only accessible to logged-in users' is on screen (spec 000 §6). */
  isLoggedInOnly: boolean;
  /** A button asks for another view (the state machine decides). */
  onOpen: (view: ShareView) => void;
  /** The link could not be made (spec 000 §8). */
  onFailed: () => void;
  /** A visitor asked for what only signed-in users may do (spec 000 §6). */
  onLoggedInOnly: () => void;
  onClose: () => void;
}

/** One of the options: an icon and a label, a whole row to click. */
function OptionButton(props: { icon: ShareIconName; label: string; onClick: () => void; isBusy?: boolean }) {
  return (
    <li>
      <button
        type="button"
        className="share-option"
        disabled={props.isBusy}
        aria-busy={props.isBusy || undefined}
        onClick={props.onClick}
      >
        <ShareIcon name={props.icon} />
        {props.label}
      </button>
    </li>
  );
}

/**
 * The share dialog's options view (spec 000 §2, §4): Copy link, Send by e-mail, Share to
 * album, More options, and the optional password of the share (§5: sent as entered). Copy
 * link makes the share (once), puts its link with the `sc` marker on the clipboard under a
 * wait cursor, and says 'Link copied' or 'Failed to copy!' (§4, §8); the link then shows in a
 * read-only field, with the day it expires (§9: 30 days). A visitor's link is the file's
 * /albumImage page (§6); signed out, the other options tell them they are for signed-in
 * users. A signed-in visitor, who may make no share of the album's files (issue #23), is
 * offered only that link: Copy link and More options, no password, no e-mail or album.
 */
export function OptionsView(props: OptionsViewProps) {
  const { link, isLoggedIn, password } = props;
  const intl = useIntl();
  const toasts = useToasts();
  const [isCopying, setIsCopying] = useState(false);
  const [isVisitorLinkShown, setIsVisitorLinkShown] = useState(false);
  const text = (id: MessageId) => intl.formatMessage({ id });
  const shownLink = link.share
    ? shareLink(window.location.origin, link.share.id, 'sc')
    : isVisitorLinkShown
      ? link.visitorLink
      : null;

  // A signed-in visitor: a link to one file, or nothing to offer for more files.
  const isLinkOnly = isLoggedIn && !link.canMakeShare;
  const hasLink = link.canMakeShare || !isLoggedIn || link.visitorLink !== null;

  const handleCopy = () => {
    // spec 000 §6: a visitor's link is one file's page; more files would need a share.
    if (!isLoggedIn && link.visitorLink === null) {
      props.onLoggedInOnly();
      return;
    }
    setIsCopying(true);
    const url = link.ensureLink(password, 'sc');
    const copied = copyLinkToClipboard(url);
    url
      .then(
        () => {
          setIsVisitorLinkShown(true);
          return copied.then(
            () => toasts.show({ kind: 'success', text: text('shareDialog.linkCopied') }),
            (error: unknown) => {
              console.warn('copy link failed:', error instanceof Error ? error.message : error);
              toasts.show({ kind: 'error', text: text('fileActions.copyFailed') });
            },
          );
        },
        () => {
          copied.catch(() => undefined);
          props.onFailed();
        },
      )
      .finally(() => {
        setIsCopying(false);
      });
  };

  return (
    <>
      <div className="dialog__body share-dialog__body">
        <ul className="share-dialog__options">
          {hasLink && (
            <OptionButton
              icon="link"
              label={text('shareDialog.copyLink')}
              onClick={handleCopy}
              isBusy={isCopying}
            />
          )}
          {!isLinkOnly && (
            <>
              <OptionButton
                icon="email"
                label={text('shareDialog.byEmail')}
                onClick={() => {
                  props.onOpen('email');
                }}
              />
              <OptionButton
                icon="album"
                label={text('shareDialog.toAlbum')}
                onClick={() => {
                  props.onOpen('albumOptions');
                }}
              />
            </>
          )}
          {hasLink && (
            <OptionButton
              icon="more"
              label={text('shareDialog.moreOptions')}
              onClick={() => {
                props.onOpen('externalOptions');
              }}
            />
          )}
        </ul>
        {isLinkOnly && (
          <p className="muted share-dialog__hint">
            {text(link.visitorLink === null ? 'shareDialog.membersOnly' : 'shareDialog.fileLinkOnly')}
          </p>
        )}
        {/* Present from the start, so screen readers announce what comes into it. */}
        <p className="share-dialog__notice" role="status">
          {props.isLoggedInOnly && text('shareDialog.loggedInOnly')}
        </p>
        {link.canMakeShare && (
          <TextField
            label={text('shareDialog.password')}
            hint={text('shareDialog.passwordHint')}
            type="password"
            autoComplete="new-password"
            maxLength={SHARE_PASSWORD_MAX_LENGTH}
            value={password}
            // The share holds the password it was made with.
            disabled={link.share !== null}
            onChange={(event) => {
              props.onPasswordChange(event.target.value);
            }}
          />
        )}
        {shownLink !== null && (
          <TextField
            className="share-dialog__link"
            label={text('shareDialog.link')}
            readOnly
            value={shownLink}
            onFocus={(event) => {
              event.target.select();
            }}
            {...(link.share && {
              hint: intl.formatMessage(
                { id: 'shareDialog.expires' },
                { date: intl.formatDate(link.share.expires * 1000, { dateStyle: 'long' }) },
              ),
            })}
          />
        )}
      </div>
      <div className="dialog__actions">
        <button type="button" className="btn btn--text" onClick={props.onClose}>
          {text('common.close')}
        </button>
      </div>
    </>
  );
}
