import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Icon } from '../../ui/icons.tsx';
import { TakeoutIcon } from './takeout-icons.tsx';

/** Props of {@link DownloadButton}. */
export interface DownloadButtonProps {
  /** The download is being prepared: the button says so and ignores clicks. */
  isPreparing: boolean;
  onClick: () => void;
  /**
   * What it downloads: its accessible name is then "Download Summer", told apart from the
   * other rows' buttons, also while it shows "Preparing…" (aria-busy says that).
   */
  name?: string;
  primary?: boolean;
  children: ReactNode;
}

/**
 * A download control of the takeout page. While the download is prepared it stays focusable
 * (aria-disabled rather than disabled, so the keyboard's focus is not lost) and says so.
 */
export function DownloadButton({
  isPreparing,
  onClick,
  name,
  primary = false,
  children,
}: DownloadButtonProps) {
  const intl = useIntl();
  const label = isPreparing ? intl.formatMessage({ id: 'takeout.preparing' }) : children;
  return (
    <button
      type="button"
      className={`btn ${primary ? 'btn--primary' : 'btn--secondary'} takeout-download`}
      aria-disabled={isPreparing || undefined}
      aria-busy={isPreparing || undefined}
      onClick={() => {
        if (!isPreparing) onClick();
      }}
    >
      {isPreparing ? (
        <span className="spinner takeout-download__spinner" aria-hidden="true" />
      ) : (
        <TakeoutIcon name="download" size={20} />
      )}
      {name === undefined ? (
        label
      ) : (
        <>
          <span aria-hidden="true">{label}</span>
          <span className="visually-hidden">
            {intl.formatMessage({ id: 'takeout.downloadName' }, { name })}
          </span>
        </>
      )}
    </button>
  );
}

/** A download that started (a part), or an album downloaded here at its current state. */
export function DoneMark({ text }: { text: string }) {
  return (
    <span className="takeout-mark takeout-mark--done">
      <Icon name="check" size={18} />
      {text}
    </span>
  );
}
