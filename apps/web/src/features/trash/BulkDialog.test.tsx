import { screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderApp } from '../../test/render.tsx';
import { BulkDialog, type BulkDialogProps } from './BulkDialog.tsx';
import { AreaMessages } from '../../i18n/I18nProvider.tsx';
import { loadAreaMessages } from '../../i18n/messages.ts';

async function renderDialog(props: Partial<BulkDialogProps> & Pick<BulkDialogProps, 'phase'>) {
  await loadAreaMessages('trash', 'en_US');
  const handlers = { onConfirm: vi.fn(), onClose: vi.fn(), onGoToTimeline: vi.fn() };
  const rendered = renderApp({
    element: (
      <AreaMessages area="trash">
        <BulkDialog kind="restore" count={3} {...handlers} {...props} />
      </AreaMessages>
    ),
  });
  return { ...rendered, ...handlers };
}

describe('restore-all dialog (spec 000 §4: progress, complete, incomplete)', () => {
  test('progress: a bar and how many of how many, and it cannot be closed', async () => {
    const { user, onClose } = await renderDialog({ phase: { phase: 'progress', done: 200, total: 450 } });
    const dialog = await screen.findByRole('dialog', { name: 'Restoring files' });
    const bar = screen.getByRole('progressbar', { name: 'Restoring files' });
    expect(bar.getAttribute('value')).toBe('200');
    expect(bar.getAttribute('max')).toBe('450');
    expect(dialog.textContent).toContain('Restored 200 of 450 files');
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('button')).toBeNull();
  });

  test('while the files are found there is no count yet', async () => {
    await renderDialog({ phase: { phase: 'progress', done: 0, total: undefined } });
    expect(await screen.findByText('Finding files…')).toBeTruthy();
    expect(screen.getByRole('progressbar').hasAttribute('value')).toBe(false);
  });

  test('complete: says so and offers the timeline', async () => {
    const { user, onGoToTimeline } = await renderDialog({ phase: { phase: 'complete', count: 450 } });
    expect(await screen.findByRole('dialog', { name: 'Files restored' })).toBeTruthy();
    expect(screen.getByText('All 450 files are back in your timeline.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Go to timeline' }));
    expect(onGoToTimeline).toHaveBeenCalled();
  });

  test('incomplete: the count of files not restored', async () => {
    const { user, onClose } = await renderDialog({ phase: { phase: 'incomplete', failed: 7, total: 450 } });
    expect(await screen.findByRole('dialog', { name: 'Some files were not restored' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      '7 files were not restored. They stay in deleted items.',
    );
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});

describe('delete-all dialog', () => {
  test('asks first, saying it cannot be undone; Cancel is first', async () => {
    const { user, onConfirm } = await renderDialog({
      kind: 'delete',
      count: 12,
      phase: { phase: 'confirm' },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Delete all photos and videos permanently?' });
    expect(dialog.textContent).toContain(
      'All 12 files in deleted items are deleted for good. This cannot be undone.',
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Delete permanently' }));
    expect(onConfirm).toHaveBeenCalled();
  });
});
