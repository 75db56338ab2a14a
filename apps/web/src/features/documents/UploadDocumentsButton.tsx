import { useIntl } from 'react-intl';
import { useAccountInfoQuery } from '../auth/api.ts';
import { pickedFromInput } from '../uploads/index.ts';
import { DocumentsIcon } from './documents-icons.tsx';
import { DOCUMENT_ACCEPT } from './model.ts';
import { useAddDocuments } from './use-document-uploads.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';

/**
 * "Upload documents": a label styled as a button around a visually hidden file input (so it
 * stays keyboard-operable) offering the document extensions. The chosen files go through the
 * app's one upload queue (spec 000 §4) into the timeline job, as documents (See: UploadKind
 * in features/uploads): its panel tells how they fare, and the list refreshes as they arrive.
 * spec 000 §6: a read-only user's upload button is disabled with a tooltip offering subscribe.
 */
export function UploadDocumentsButton({ jobId, className }: { jobId: string; className: string }) {
  const intl = useIntl();
  const add = useAddDocuments(jobId);
  const isReadOnly = useAccountInfoQuery().data?.is_read_only_user === true;
  const label = intl.formatMessage({ id: 'documents.upload' });
  const content = (
    <>
      <DocumentsIcon name="upload" size={20} />
      <span className="file-button__text">{label}</span>
    </>
  );
  if (isReadOnly) {
    return (
      // Focusable while disabled, so the reason can be read (spec 000 §6).
      <Tooltip text={intl.formatMessage({ id: 'documents.readOnly' })}>
        <button type="button" className={className} aria-disabled="true">
          {content}
        </button>
      </Tooltip>
    );
  }
  return (
    <label className={`${className} file-button`}>
      <input
        type="file"
        className="visually-hidden"
        accept={DOCUMENT_ACCEPT}
        multiple
        onChange={(event) => {
          const input = event.currentTarget;
          const picked = pickedFromInput(input.files ?? []);
          // Emptied, so the same files can be picked again.
          input.value = '';
          if (picked.length > 0) add(picked);
        }}
      />
      {content}
    </label>
  );
}
