import type { RemoteFile } from '@trove/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { aFile } from '../../test/factories.ts';
import { WAIT_CURSOR_CLASS } from './clipboard.ts';
import { renderWithApi } from './test-harness.tsx';
import { useCopyToClipboard } from './use-copy-to-clipboard.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function CopyButton({ file }: { file: RemoteFile }) {
  const copy = useCopyToClipboard();
  return (
    <button
      type="button"
      onClick={() => {
        copy(file);
      }}
    >
      copy
    </button>
  );
}

/** Stands in for the browser's image decoding and canvas, which jsdom lacks. */
function stubImagePipeline(thumbnail: Response | Promise<Response>) {
  const png = new Blob(['png'], { type: 'image/png' });
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(thumbnail)),
  );
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(() => Promise.resolve({ width: 4, height: 3, close: vi.fn() })),
  );
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      getContext() {
        return { drawImage: vi.fn() };
      }
      convertToBlob() {
        return Promise.resolve(png);
      }
    },
  );
  class FakeClipboardItem {
    readonly items: Record<string, Promise<Blob>>;
    constructor(items: Record<string, Promise<Blob>>) {
      this.items = items;
    }
  }
  vi.stubGlobal('ClipboardItem', FakeClipboardItem);
  const written: Blob[] = [];
  const write = vi.spyOn(navigator.clipboard, 'write').mockImplementation(async (data) => {
    const item = data[0] as unknown as FakeClipboardItem;
    written.push(await (item.items['image/png'] as Promise<Blob>));
  });
  return { png, written, write };
}

describe('useCopyToClipboard', () => {
  test('puts the large thumbnail on the clipboard as PNG with a wait cursor meanwhile', async () => {
    const file = aFile({ id: 'f1' });
    const { user } = renderWithApi(<CopyButton file={file} />);
    let answer: (response: Response) => void = () => undefined;
    const { png, written } = stubImagePipeline(
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
    );
    await user.click(screen.getByRole('button', { name: 'copy' }));
    expect(document.documentElement.classList.contains(WAIT_CURSOR_CLASS)).toBe(true);
    expect(screen.getByText('Copying…')).toBeTruthy();
    answer(new Response(new Blob(['jpeg'], { type: 'image/jpeg' })));
    expect(await screen.findByText('Image copied')).toBeTruthy();
    expect(written).toEqual([png]);
    expect(vi.mocked(fetch)).toHaveBeenCalledWith('http://localhost:3000/th/3/f1?area=1280&exp=1&sig=l', {
      credentials: 'omit',
    });
    expect(document.documentElement.classList.contains(WAIT_CURSOR_CLASS)).toBe(false);
  });

  test("a thumbnail that cannot be fetched says 'Failed to copy!' and the cursor returns", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = renderWithApi(<CopyButton file={aFile()} />);
    stubImagePipeline(new Response(null, { status: 404 }));
    await user.click(screen.getByRole('button', { name: 'copy' }));
    expect(await screen.findByText('Failed to copy!')).toBeTruthy();
    await waitFor(() => {
      expect(document.documentElement.classList.contains(WAIT_CURSOR_CLASS)).toBe(false);
    });
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByText('Image copied')).toBeNull();
  });

  test("a refused clipboard write says 'Failed to copy!'", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = renderWithApi(<CopyButton file={aFile()} />);
    const { write } = stubImagePipeline(new Response(new Blob(['x'], { type: 'image/png' })));
    write.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    await user.click(screen.getByRole('button', { name: 'copy' }));
    expect(await screen.findByText('Failed to copy!')).toBeTruthy();
  });
});
