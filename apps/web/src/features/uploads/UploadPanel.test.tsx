import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { ApiProvider } from '../../api/api-context.tsx';
import { resolveDirectory } from '../../api/boot.ts';
import { createHttpClient } from '../../api/http-client.ts';
import { I18nProvider } from '../../i18n/I18nProvider.tsx';
import { localeStore } from '../../i18n/locale-store.ts';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { INITIAL_UPLOADER_STATE, type UploadItem, type UploaderState } from './model.ts';
import type { Uploader, UploaderView } from './uploader.ts';
import { UploaderProvider, useUploader } from './UploaderProvider.tsx';
import { UploadPanel } from './UploadPanel.tsx';

const item = (id: number, status: UploadItem['status'], extra: Partial<UploadItem> = {}): UploadItem => ({
  id,
  targetJob: 'job-timeline',
  alsoTimeline: false,
  targetFolder: '',
  name: `file-${String(id)}.jpg`,
  size: 1000,
  status,
  uploadedPercent: status === 'Uploading' ? 40 : 0,
  fileUUID: null,
  statusReason: null,
  isMediaFailed: false,
  ...extra,
});
const queueOf = (items: UploadItem[], flags: Partial<UploaderState> = {}): UploaderState => ({
  ...INITIAL_UPLOADER_STATE,
  items,
  ...flags,
});

/** The panel under a real uploader whose state each test sets. */
function renderPanel() {
  localeStore.setState({ locale: 'en_US' });
  const { fetch } = fakeFetch({});
  const api = createHttpClient({
    directory: resolveDirectory(
      { app: '', thumb: '', video: '', poll: '', download: '', login: '', payment: '' },
      'http://localhost:3000',
    ),
    session: { findToken: () => 'tok', getDeviceId: () => 'device' },
    fetch,
    logger: { warn: () => undefined },
  });
  const box: { uploader?: Uploader } = {};
  function Grab() {
    box.uploader = useUploader();
    return null;
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider>
        <ApiProvider client={api}>
          <UploaderProvider>
            <Grab />
            <UploadPanel />
          </UploaderProvider>
        </ApiProvider>
      </I18nProvider>
    </QueryClientProvider>,
  );
  const uploader = box.uploader;
  if (!uploader) throw new Error('no uploader');
  const show = (view: Partial<UploaderView>) => {
    act(() => {
      uploader.store.setState({ isPanelOpen: true, ...view });
    });
  };
  return { uploader, show, user: userEvent.setup() };
}

/** The same, once the upload engine is loaded (See: [Note: Lazy uploader]): adding no files fetches it. */
async function renderPanelWithEngine() {
  const rendered = renderPanel();
  await act(() => rendered.uploader.addFiles([]));
  return rendered;
}

const status = () => screen.getByRole('status').textContent;
const rows = () =>
  within(screen.getByRole('list', { name: 'Files in this upload' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent);

describe('upload panel status line (spec 000 §4 Upload panel)', () => {
  test.each<[string, Partial<UploaderView>]>([
    [
      'Uploading 2 of 3',
      {
        queue: queueOf([
          item(0, 'Succeeded'),
          item(1, 'Uploading'),
          item(2, 'Enqueued'),
          item(3, 'Rejected'),
        ]),
      },
    ],
    [
      'No connection. Retrying in 3 seconds',
      { queue: queueOf([item(0, 'Enqueued')], { connection: 'Offline' }), retry: { itemId: 0, seconds: 3 } },
    ],
    [
      'The server is out of space. Retrying in 45 seconds',
      {
        queue: queueOf([item(0, 'Enqueued')], { connection: 'ServerFull' }),
        retry: { itemId: 0, seconds: 45 },
      },
    ],
    ['Retrying…', { queue: queueOf([item(0, 'Uploading')], { connection: 'Retrying' }) }],
    [
      'Out of storage. Free up space to upload the rest.',
      { queue: queueOf([item(0, 'Enqueued')], { isOutOfStorage: true }) },
    ],
    [
      'Some files did not upload',
      { queue: queueOf([item(0, 'Succeeded'), item(1, 'Rejected', { statusReason: 'UnSupported' })]) },
    ],
    [
      '2 files uploaded',
      { queue: queueOf([item(0, 'Succeeded'), item(1, 'Succeeded'), item(2, 'Cancelled')]) },
    ],
  ])('says "%s"', (text, view) => {
    renderPanel().show(view);
    expect(status()).toBe(text);
  });

  test('is hidden while closed or empty', () => {
    const { show } = renderPanel();
    show({ queue: queueOf([item(0, 'Uploading')]), isPanelOpen: false });
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull();
  });
});

describe('per-file status text (spec 000 §4)', () => {
  test('each state has its words', async () => {
    const { show, user } = renderPanel();
    show({
      queue: queueOf([
        item(0, 'Pending'),
        item(1, 'Uploading'),
        item(2, 'BackendSucceeded'),
        item(3, 'Succeeded'),
        item(4, 'Cancelled'),
        item(5, 'Rejected', { statusReason: 'LocalFileUnavailable' }),
        item(6, 'Rejected', { statusReason: 'FileIsFolder' }),
        item(7, 'Rejected', { statusReason: 'TooLargeFile' }),
      ]),
    });
    await user.click(screen.getByRole('button', { name: 'Show files' }));
    expect(rows()).toEqual([
      'file-0.jpgPreparing…',
      'file-1.jpgUploading… 40 %',
      'file-2.jpgProcessing…',
      'file-3.jpgComplete',
      'file-4.jpgCancelled',
      'file-5.jpgThe file no longer exists',
      'file-6.jpgThis is a folder or cannot be read',
      'file-7.jpgThe file is too large',
    ]);
  });

  test('a file the server stored but could not process says so, as a problem (issue #10 §3)', async () => {
    const { show, user } = renderPanel();
    show({ queue: queueOf([item(0, 'Succeeded'), item(1, 'Succeeded', { isMediaFailed: true })]) });
    await user.click(screen.getByRole('button', { name: 'Show files' }));
    expect(rows()).toEqual(['file-0.jpgComplete', 'file-1.jpgUploaded, but could not be processed']);
    expect(screen.getByText('Uploaded, but could not be processed').classList).toContain(
      'upload-row__status--problem',
    );
  });

  test('offline: the failed file counts down, the others wait for the connection', async () => {
    const { show, user } = renderPanel();
    show({
      queue: queueOf([item(0, 'Enqueued'), item(1, 'Enqueued')], { connection: 'Offline' }),
      retry: { itemId: 0, seconds: 2 },
    });
    await user.click(screen.getByRole('button', { name: 'Show files' }));
    expect(rows()).toEqual(['file-0.jpgRetrying in 2 seconds', 'file-1.jpgWaiting for connection']);
  });

  test('server out of space (507): the failed file counts down, the others wait for space', async () => {
    const { show, user } = renderPanel();
    show({
      queue: queueOf([item(0, 'Enqueued'), item(1, 'Enqueued')], { connection: 'ServerFull' }),
      retry: { itemId: 0, seconds: 59 },
    });
    await user.click(screen.getByRole('button', { name: 'Show files' }));
    expect(rows()).toEqual(['file-0.jpgRetrying in 59 seconds', 'file-1.jpgWaiting for space on the server']);
  });

  test('out of storage: queued files say so', async () => {
    const { show, user } = renderPanel();
    show({ queue: queueOf([item(0, 'Enqueued')], { isOutOfStorage: true }) });
    await user.click(screen.getByRole('button', { name: 'Show files' }));
    expect(rows()).toEqual(['file-0.jpgOut of storage']);
  });
});

describe('panel size and list window (spec 000 §9)', () => {
  test('136 px collapsed; open, 126 px plus 48 a row', async () => {
    const { show, user } = renderPanel();
    show({ queue: queueOf([item(0, 'Uploading'), item(1, 'Enqueued'), item(2, 'Enqueued')]) });
    const region = screen.getByRole('region', { name: 'Uploads' });
    expect(region.style.height).toBe('136px');
    await user.click(screen.getByRole('button', { name: 'Show files' }));
    expect(region.style.height).toBe(`${String(126 + 3 * 48)}px`);
  });

  test('with nothing to preview or stop (every file failed), no empty band above the list', async () => {
    const { show, user } = renderPanel();
    const failed = (id: number) => item(id, 'Rejected', { statusReason: 'UnSupported' });
    show({ queue: queueOf([failed(0), failed(1), failed(2)]) });
    const region = screen.getByRole('region', { name: 'Uploads' });
    expect(region.querySelector('.upload-panel__summary')).toBeNull();
    expect(region.style.height).toBe(`${String(136 - 70)}px`);
    await user.click(screen.getByRole('button', { name: 'Show files' }));
    expect(region.style.height).toBe(`${String(126 - 70 + 3 * 48)}px`);
  });

  test('10,000 files: at most 75 % of the viewport and 25 rendered rows', async () => {
    const { show, user } = renderPanel();
    show({ queue: queueOf(Array.from({ length: 10_000 }, (_, i) => item(i, 'Enqueued'))) });
    await user.click(screen.getByRole('button', { name: 'Show files' }));
    const region = screen.getByRole('region', { name: 'Uploads' });
    expect(region.style.height).toBe(`${String(Math.floor(window.innerHeight * 0.75))}px`);
    expect(rows()).toHaveLength(25);
    expect(screen.getByRole('list', { name: 'Files in this upload' }).style.height).toBe(
      `${String(10_000 * 48)}px`,
    );
  });
});

describe('opening, closing and clearing (spec 000 §4)', () => {
  test('closing a finished panel clears the queue; closing a busy one keeps it', async () => {
    const { show, user, uploader } = await renderPanelWithEngine();
    show({ queue: queueOf([item(0, 'Uploading')]) });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(uploader.store.getState().queue.items).toHaveLength(1);
    show({ queue: queueOf([item(0, 'Succeeded')]) });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(uploader.store.getState().queue.items).toHaveLength(0);
  });

  test('Stop asks for confirmation before anything is cancelled', async () => {
    const { show, user, uploader } = await renderPanelWithEngine();
    show({ queue: queueOf([item(0, 'Uploading'), item(1, 'Enqueued')]) });
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    const dialog = screen.getByRole('dialog', { name: 'Stop uploading?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep uploading' }));
    expect(uploader.store.getState().queue.items.map((i) => i.status)).toEqual(['Uploading', 'Enqueued']);
    expect(uploader.store.getState().queue.isStopPending).toBe(false);
  });
});

describe('upload notices (spec 000 §5; §9 hint auto-hide 3 s)', () => {
  test('clear after 3 s, not before, and not while the pointer is on them', () => {
    vi.useFakeTimers();
    try {
      const { show } = renderPanel();
      show({ notice: 'insufficientStorage' });
      const alert = screen.getByRole('alert');
      act(() => {
        vi.advanceTimersByTime(2999);
      });
      expect(screen.queryByRole('alert')).not.toBeNull();
      fireEvent.pointerEnter(alert);
      act(() => {
        vi.advanceTimersByTime(10_000);
      });
      expect(screen.queryByRole('alert')).not.toBeNull();
      fireEvent.pointerLeave(alert);
      act(() => {
        vi.advanceTimersByTime(3000);
      });
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
