import type { ShareInfo } from '@trove/contract';
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { ShareActions } from './ShareActions.tsx';
import { ShareDocuments } from './ShareDocuments.tsx';
import { FileLightbox } from './FileLightbox.tsx';
import { ShareGrid } from './ShareGrid.tsx';
import { shareFileFlags } from '../../file-actions/index.ts';
import { ShareIcon } from './share-icons.tsx';

/** Props of {@link ShareView}. */
export interface ShareViewProps {
  share: ShareInfo;
  isSignedIn: boolean;
  /** The owner stopped sharing: the page shows share not found from now on. */
  onStopped: () => void;
}

/**
 * A share as its receiver sees it (spec 000 §2 Share page): who shared how many files and
 * until when, the actions (download, add to timeline, stop sharing for the owner), the
 * pictures and videos as a thumbnail grid, which open full screen, and the documents as
 * download chips.
 */
export function ShareView({ share, isSignedIn, onStopped }: ShareViewProps) {
  const intl = useIntl();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const count = share.thumbFiles.length + share.docFiles.length;
  const expires = intl.formatDate(share.expires * 1000, { dateStyle: 'long' });
  return (
    <section className="page share-page">
      <header className="share-page__header">
        <div>
          <h1 className="page__title">{titleOf(intl, share, count)}</h1>
          <p className="share-page__meta">
            {intl.formatMessage({ id: 'sharePage.expires' }, { date: expires })}
            {share.is_owner && share.has_password && (
              <span className="share-page__locked">
                <ShareIcon name="lock" size={16} />
                {intl.formatMessage({ id: 'sharePage.hasPassword' })}
              </span>
            )}
          </p>
        </div>
        <div className="share-page__actions">
          <ShareActions share={share} isSignedIn={isSignedIn} onStopped={onStopped} />
        </div>
      </header>
      {count === 0 && (
        <EmptyState
          icon="photos"
          title={titleOf(intl, share, 0)}
          text={intl.formatMessage({ id: 'sharePage.empty' })}
        />
      )}
      {share.docFiles.length > 0 && <ShareDocuments files={share.docFiles} />}
      {share.thumbFiles.length > 0 && (
        <ShareGrid files={share.thumbFiles} hasHeading={share.docFiles.length > 0} onOpen={setOpenIndex} />
      )}
      {openIndex !== null && (
        <FileLightbox
          files={share.thumbFiles}
          can={shareFileFlags(share)}
          index={openIndex}
          onIndexChange={setOpenIndex}
          onClose={() => {
            setOpenIndex(null);
          }}
        />
      )}
    </section>
  );
}

/** "<name> shared N photos with you", or "You shared N photos" for the owner; files when documents are among them. */
function titleOf(intl: IntlShape, share: ShareInfo, count: number): string {
  const hasDocuments = share.docFiles.length > 0;
  if (share.is_owner)
    return intl.formatMessage(
      { id: hasDocuments ? 'sharePage.title.ownerFiles' : 'sharePage.title.ownerPhotos' },
      { count },
    );
  return intl.formatMessage(
    { id: hasDocuments ? 'sharePage.title.visitorFiles' : 'sharePage.title.visitorPhotos' },
    { count, name: share.owner.name },
  );
}
