import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { FakeRoutes } from '../../test/fake-fetch.ts';
import { renderWithApi } from './test-harness.tsx';
import { useDeleteFiles } from './use-file-actions.ts';

const JOB = 'job-timeline';
const deleteRoute = (fileId: string) => `DELETE /st/4/jobs/${JOB}/files_by_id/${fileId}`;
const ROLLBACK = `POST /st/4/jobs/${JOB}/multi_rollback`;
const rollbackOk = (request: { body: unknown }) => ({
  body: {
    results: (request.body as { file_uuids: string[] }).file_uuids.map((id) => ({
      file_uuid: id,
      status: 'ok',
    })),
    quota: { used_space: 0, max_space: 1 },
  },
});

function DeleteButton({ ids, isOwner }: { ids: string[]; isOwner?: boolean }) {
  const deleteFiles = useDeleteFiles(JOB, isOwner === undefined ? {} : { isOwner });
  return (
    <button type="button" onClick={() => void deleteFiles(ids)}>
      delete
    </button>
  );
}

function renderDelete(ids: string[], routes: FakeRoutes, isOwner?: boolean) {
  const rendered = renderWithApi(
    <DeleteButton ids={ids} {...(isOwner !== undefined && { isOwner })} />,
    routes,
  );
  const invalidate = vi.spyOn(rendered.queryClient, 'invalidateQueries');
  return { ...rendered, invalidate };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('useDeleteFiles', () => {
  test('deletes, offers Undo, and Undo restores the same files with multi_rollback', async () => {
    const { user, requests, invalidate } = renderDelete(['f1', 'f2'], {
      [deleteRoute('f1')]: { body: { ok: true } },
      [deleteRoute('f2')]: { body: { ok: true } },
      [ROLLBACK]: rollbackOk,
    });
    await user.click(screen.getByRole('button', { name: 'delete' }));
    expect(await screen.findByText('2 files deleted')).toBeTruthy();
    expect(screen.queryByText('Deleting…')).toBeNull();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['timeline'] });

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('2 files restored')).toBeTruthy();
    const rollback = requests.find((r) => r.url.pathname.endsWith('/multi_rollback'));
    expect(rollback?.body).toEqual({ file_uuids: ['f1', 'f2'] });
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  test('shows one in-progress toast while deletes run, then ends it', async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const routes = { [deleteRoute('f1')]: { body: { ok: true } } };
    const { user } = renderWithApi(
      <>
        <DeleteButton ids={['f1']} />
        <DeleteButton ids={['f1']} />
      </>,
      routes,
      gate,
    );
    for (const button of screen.getAllByRole('button', { name: 'delete' })) await user.click(button);
    expect(await screen.findAllByText('Deleting…')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
    open();
    expect(await screen.findAllByText('1 file deleted')).toHaveLength(2);
    expect(screen.queryByText('Deleting…')).toBeNull();
  });

  test("one failure says 'Failed to delete file' (spec 000 §8)", async () => {
    const { user } = renderDelete(['f1'], { [deleteRoute('f1')]: { status: 500 } });
    await user.click(screen.getByRole('button', { name: 'delete' }));
    expect(await screen.findByText('Failed to delete file')).toBeTruthy();
    expect(screen.queryByText(/deleted/)).toBeNull();
  });

  test("several failures say 'Failed to delete {n} files'; the rest still get Undo", async () => {
    const { user } = renderDelete(['f1', 'f2', 'f3'], {
      [deleteRoute('f1')]: { status: 403, body: { error: { code: 'forbidden', message: 'Forbidden' } } },
      [deleteRoute('f2')]: 'network',
      [deleteRoute('f3')]: { body: { ok: true } },
    });
    await user.click(screen.getByRole('button', { name: 'delete' }));
    expect(await screen.findByText('Failed to delete 2 files')).toBeTruthy();
    expect(screen.getByText('1 file deleted')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
  });

  test('Undo is offered only to the job owner (spec 000 §6)', async () => {
    const { user } = renderDelete(['f1'], { [deleteRoute('f1')]: { body: { ok: true } } }, false);
    await user.click(screen.getByRole('button', { name: 'delete' }));
    expect(await screen.findByText('1 file deleted')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  test("a file the server does not restore shows 'Error - file not restored'", async () => {
    const { user } = renderDelete(['f1'], {
      [deleteRoute('f1')]: { body: { ok: true } },
      [ROLLBACK]: {
        body: {
          results: [{ file_uuid: 'f1', status: 'error', error_reason: 'unable_to_rollback' }],
          quota: { used_space: 0, max_space: 1 },
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'delete' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Error - file not restored')).toBeTruthy();
    expect(screen.queryByText(/files? restored/)).toBeNull();
  });
});
