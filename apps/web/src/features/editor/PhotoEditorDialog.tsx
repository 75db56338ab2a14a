import type { RemoteFile } from '@trove/contract';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import FilerobotImageEditor, {
  TABS,
  TOOLS,
  type getCurrentImgDataFunction,
} from 'react-filerobot-image-editor';
import { useApi } from '../../api/api-context.tsx';
import { pendingOperations } from '../../api/pending-operations.ts';
import type { MessageId } from '../../i18n/messages.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useFocusTrap } from '../../ui/use-focus-trap.ts';
import { useTimelineJob } from '../library/api.ts';
import { useUploader } from '../uploads/index.ts';
import { useEditorTexts } from './editor-texts.ts';
import type { UpdateEditorState } from './canvas-keys.ts';
import { useEditorMenus } from './editor-menus.ts';
import { useKeyboardReach } from './keyboard-reach.ts';
import { placedLooks, useCanvasKeys } from './use-canvas-keys.ts';
import { DiscardPrompt } from './DiscardPrompt.tsx';
import { SaveProgress, type EditorState } from './SaveProgress.tsx';
import { saveEditedCopy, SaveCopyError, copyNameOf } from './save-copy.ts';
import { editableSourceUrl, useSourceImage } from './source-image.ts';
import { exposeReactGlobally } from './react-global.ts';
import { STICKERS } from './stickers.ts';
import './photo-editor.css';

exposeReactGlobally();

/** Props of {@link PhotoEditorDialog}. */
export interface PhotoEditorDialogProps {
  /** The caller's own photo (the registry's `edit`, See: [Note: File action registry]). */
  file: RemoteFile;
  /** The job it was opened in: the timeline, or an album. */
  jobId: string;
  onClose: () => void;
}

/** The names of a drawing's nine positions, in the library's order (editor-menus.ts). */
const POSITIONS = [
  'editor.position.topLeft',
  'editor.position.top',
  'editor.position.topRight',
  'editor.position.left',
  'editor.position.middle',
  'editor.position.right',
  'editor.position.bottomLeft',
  'editor.position.bottom',
  'editor.position.bottomRight',
] as const satisfies readonly MessageId[];

/** JPEG quality of the saved copy, as FilerobotImageEditor counts it (1–100). */
const SAVE_QUALITY = 92;

/** The tabs of spec 000 §1's tools, in FilerobotImageEditor's names (docs/ARCHITECTURE.md "The photo editor"). */
const EDITOR_TABS = [TABS.ADJUST, TABS.FINETUNE, TABS.FILTERS, TABS.ANNOTATE, TABS.WATERMARK, TABS.RESIZE];

/**
 * The photo editor (spec 000 §1, issue #27) over the viewer: FilerobotImageEditor's filters,
 * adjustments, overlays (watermark), stickers, text, brush (pen), crop and transform, with
 * this dialog's own bar: Save as a copy, and Close (Escape). Saving makes a new file beside
 * the original (See: saveEditedCopy); the original is never sent anywhere. Its own chunk,
 * fetched on the first Edit (features/editor/lazy.ts).
 */
export function PhotoEditorDialog({ file, jobId, onClose }: PhotoEditorDialogProps) {
  const intl = useIntl();
  const api = useApi();
  const uploader = useUploader();
  const timelineJobId = useTimelineJob().data?.id;
  const titleId = useId();
  const keysId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const imageOf = useRef<getCurrentImgDataFunction | undefined>(undefined);
  const updateState = useRef<UpdateEditorState | undefined>(undefined);
  const texts = useEditorTexts();
  const defaultText = intl.formatMessage({ id: 'editor.defaultText' });
  // A text's looks, drawn by hand (the library's Text prop) or placed by keyboard.
  const textLooks = useMemo(() => ({ text: defaultText, fontSize: 40, fill: '#ffffff' }), [defaultText]);
  const looks = useMemo(() => placedLooks({ Text: textLooks }), [textLooks]);
  const source = useSourceImage(editableSourceUrl(api.directory, file));
  const [state, setState] = useState<EditorState>({ kind: 'editing' });
  const isSaving = state.kind === 'saving';
  // A copy waiting for storage is the upload queue's now (it is sent once space is freed):
  // the editor may close meanwhile.
  const mayClose = !isSaving || state.phase.kind === 'waitingForStorage';
  // Changes made since the editor opened or since the last save began: closing asks before it
  // drops them, and leaving the page warns ([Note: Leave warning]).
  const [isUnsaved, setUnsaved] = useState(false);
  const [isAskingToDiscard, setAskingToDiscard] = useState(false);
  useEffect(() => (isUnsaved ? pendingOperations.hold() : undefined), [isUnsaved]);
  const close = () => {
    if (isAskingToDiscard) setAskingToDiscard(false);
    else if (!mayClose) return;
    else if (isUnsaved) setAskingToDiscard(true);
    else onClose();
  };
  useFocusTrap(rootRef, close);
  useKeyboardReach(rootRef, {
    duplicate: intl.formatMessage({ id: 'editor.duplicate' }),
    remove: intl.formatMessage({ id: 'editor.remove' }),
    fontSize: texts.size,
    font: texts.fontFamily,
    bold: intl.formatMessage({ id: 'editor.bold' }),
    italic: intl.formatMessage({ id: 'editor.italic' }),
    colour: intl.formatMessage({ id: 'editor.colour' }),
    menu: texts.tabsMenu,
  });
  const positions = useMemo(() => POSITIONS.map((id) => intl.formatMessage({ id })), [intl]);
  useEditorMenus(rootRef, positions);
  useCanvasKeys(rootRef, updateState, looks, {
    canvas: intl.formatMessage({ id: 'editor.canvas' }),
    hintId: keysId,
    textField: texts.textTool,
  });

  const save = async () => {
    const current = imageOf.current;
    if (!current || timelineJobId === undefined || isSaving) return;
    setState({ kind: 'saving', phase: { kind: 'preparing' } });
    setAskingToDiscard(false);
    try {
      // Pixel ratio 1: the copy has the original's own resolution (after crop and resize).
      const { imageData, hideLoadingSpinner } = current(
        { name: copyNameOf(file.name), extension: 'jpg', quality: SAVE_QUALITY },
        1,
      );
      hideLoadingSpinner();
      if (!imageData.imageBase64) throw new SaveCopyError('rejected');
      const copy = await saveEditedCopy(
        { api, uploader },
        {
          original: file,
          jobId,
          timelineJobId,
          jpegDataUrl: imageData.imageBase64,
          onPhase: (phase) => {
            setState({ kind: 'saving', phase });
          },
        },
      );
      setState({ kind: 'saved', copy });
      setUnsaved(false);
    } catch (error) {
      setState({ kind: 'failed', reason: error instanceof SaveCopyError ? error.reason : 'rejected' });
    }
  };

  return createPortal(
    <div
      ref={rootRef}
      className="photo-editor"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-own-keys=""
      tabIndex={-1}
    >
      <div className="photo-editor__bar">
        <h2 id={titleId} className="photo-editor__title">
          {intl.formatMessage({ id: 'editor.title' }, { name: file.name })}
        </h2>
        <button
          type="button"
          className="btn btn--primary"
          disabled={source.kind !== 'ready' || isSaving || timelineJobId === undefined}
          onClick={() => {
            void save();
          }}
        >
          {intl.formatMessage({ id: 'editor.saveCopy' })}
        </button>
        <button type="button" className="btn btn--secondary" disabled={!mayClose} onClick={close}>
          {intl.formatMessage({ id: 'editor.close' })}
        </button>
      </div>
      {isAskingToDiscard ? (
        <DiscardPrompt
          onDiscard={onClose}
          onKeep={() => {
            setAskingToDiscard(false);
          }}
        />
      ) : (
        <SaveProgress state={state} />
      )}
      <div className="photo-editor__canvas">
        {/* Shown while the canvas has the focus (photo-editor.css); its description always. */}
        <p id={keysId} className="photo-editor__keys">
          {intl.formatMessage({ id: 'editor.canvasKeys' })}
        </p>
        {source.kind === 'loading' && (
          <div className="photo-editor__message" role="status">
            <Spinner />
            {intl.formatMessage({ id: 'editor.loading' })}
          </div>
        )}
        {source.kind === 'failed' && (
          <p className="photo-editor__message" role="alert">
            {intl.formatMessage({ id: 'editor.loadFailed' })}
          </p>
        )}
        {source.kind === 'ready' && (
          <FilerobotImageEditor
            source={source.url}
            tabsIds={EDITOR_TABS}
            defaultTabId={TABS.ADJUST}
            defaultToolId={TOOLS.CROP}
            getCurrentImgDataFnRef={imageOf}
            updateStateFnRef={updateState}
            onModify={() => {
              setUnsaved(true);
            }}
            removeSaveButton
            avoidChangesNotSavedAlertOnLeave
            useBackendTranslations={false}
            translations={texts}
            savingPixelRatio={1}
            previewPixelRatio={window.devicePixelRatio}
            defaultSavedImageType="jpeg"
            defaultSavedImageQuality={SAVE_QUALITY}
            Image={{ gallery: STICKERS }}
            Watermark={{ gallery: STICKERS.map((sticker) => sticker.originalUrl) }}
            Text={textLooks}
            Rotate={{ componentType: 'buttons' }}
          />
        )}
      </div>
    </div>,
    document.body,
  );
}
