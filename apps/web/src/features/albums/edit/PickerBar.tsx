import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { crossedMax, pickerStatus } from './edit-model.ts';

/** Props of {@link PickerBar}. */
export interface PickerBarProps {
  /** What the picker is for, e.g. 'Add photos to Summer'. */
  title: string;
  count: number;
  /** The optional maximum of spec 000 §5 (not shown there); no limit when left out. */
  max?: number;
  /** Adding is under way, or the selection waits for months to load. */
  isBusy: boolean;
  onAdd: () => void;
  onCancel: () => void;
  /** Next's label; 'Add photos' unless given (spec 000 §2 add photos picker). */
  nextLabel?: string;
  /** The limit prompt's title and text, for a picker that is not an album's. */
  limitTexts?: { title: string; body: string };
}

/**
 * The bar of the Add photos picker (spec 000 §2, §5): Cancel, the count of chosen files,
 * and Next labelled 'Add photos', active only when 0 < count ≤ max. Above the maximum the
 * counter shows in the error colour, and crossing it raises the limit prompt.
 */
export function PickerBar(props: PickerBarProps) {
  const { title, count, max, isBusy, onAdd, onCancel } = props;
  const intl = useIntl();
  const status = pickerStatus(count, max);
  const isPrompting = useLimitPrompt(count, max);
  return (
    <div className="selection-bar picker-bar" role="toolbar" aria-label={title}>
      <button
        type="button"
        className="icon-button"
        aria-label={intl.formatMessage({ id: 'common.cancel' })}
        onClick={onCancel}
      >
        <Icon name="close" />
      </button>
      <span className="picker-bar__title">{title}</span>
      <span
        className={`selection-bar__count picker-bar__count${status.isOverMax ? ' is-over-max' : ''}`}
        aria-live="polite"
      >
        {intl.formatMessage({ id: 'timeline.selectedCount' }, { count })}
      </span>
      <button type="button" className="btn btn--primary" disabled={!status.canAdd || isBusy} onClick={onAdd}>
        {props.nextLabel ?? intl.formatMessage({ id: 'timeline.addPhotos' })}
      </button>
      {isPrompting.isOpen && max !== undefined && (
        <Dialog
          title={props.limitTexts?.title ?? intl.formatMessage({ id: 'albumEdit.limit.title' })}
          onClose={isPrompting.close}
          actions={
            <button type="button" className="btn btn--primary" onClick={isPrompting.close}>
              {intl.formatMessage({ id: 'common.close' })}
            </button>
          }
        >
          <p>
            {props.limitTexts?.body ?? intl.formatMessage({ id: 'albumEdit.limit.body' }, { count: max })}
          </p>
        </Dialog>
      )}
    </div>
  );
}

/** Opens the limit prompt each time the count goes above the maximum (spec 000 §5). */
function useLimitPrompt(count: number, max: number | undefined) {
  const [isOpen, setIsOpen] = useState(false);
  const previous = useRef(count);
  useEffect(() => {
    if (crossedMax(previous.current, count, max)) setIsOpen(true);
    previous.current = count;
  }, [count, max]);
  return {
    isOpen,
    close: () => {
      setIsOpen(false);
    },
  };
}
