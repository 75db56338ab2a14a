import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { STORAGE_PATH } from '../storage/index.ts';
import { TakeoutHelpDialog } from './TakeoutDialogs.tsx';
import { TakeoutIcon } from './takeout-icons.tsx';
import { formatSize } from './model.ts';

/** Props of {@link LibrarySection}. */
export interface LibrarySectionProps {
  /** Photos plus videos (spec 000 §2 Takeout stats). */
  count: number;
  /** Bytes of the library; undefined while they load. */
  size: number | undefined;
}

/**
 * The whole-library section of spec 000 §2 Takeout: the stats text (file count and total
 * size), the link to the storage page (/settings/storage) and the help link, which opens the
 * help in the user's language.
 */
export function LibrarySection({ count, size }: LibrarySectionProps) {
  const intl = useIntl();
  const [isHelpOpen, setHelpOpen] = useState(false);
  return (
    <section className="card" aria-labelledby="takeout-library">
      <h2 id="takeout-library" className="card__title">
        {intl.formatMessage({ id: 'takeout.library.title' })}
      </h2>
      {size !== undefined && (
        <p className="takeout-stats">
          {intl.formatMessage({ id: 'takeout.stats' }, { count, size: formatSize(size, intl) })}
        </p>
      )}
      <p className="muted">{intl.formatMessage({ id: 'takeout.library.text' })}</p>
      <Link to={STORAGE_PATH}>{intl.formatMessage({ id: 'takeout.storageLink' })}</Link>
      <button
        type="button"
        className="btn btn--text takeout-help-link"
        aria-haspopup="dialog"
        onClick={() => {
          setHelpOpen(true);
        }}
      >
        <TakeoutIcon name="help" size={20} />
        {intl.formatMessage({ id: 'takeout.help.open' })}
      </button>
      {isHelpOpen && (
        <TakeoutHelpDialog
          onClose={() => {
            setHelpOpen(false);
          }}
        />
      )}
    </section>
  );
}
