import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { anAccount, anAlbum } from '../../../test/factories.ts';
import type { FakeRoutes, SeenRequest } from '../../../test/fake-fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { WAIT_CURSOR_CLASS } from '../../../ui/wait-cursor.ts';
import { AlbumPickerLayer } from '../../albums/index.ts';
import type { ShareRequest } from '../../../dialog-requests/share-dialog.ts';
import { ShareDialog } from './ShareDialog.tsx';

const ID = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const EXPIRES = Date.UTC(2026, 11, 24, 12) / 1000;
const CREATED = { body: { id: ID, expires: EXPIRES } };
const FILES: ShareRequest = { kind: 'files', sourceJobId: 'job-timeline', fileIds: ['f1', 'f2'] };
const ORIGIN = 'http://localhost:3000';

function renderDialog(request: ShareRequest = FILES, routes: FakeRoutes = {}, visitor = false) {
  const onClose = vi.fn();
  const rendered = renderApp({
    route: '/photos',
    routes: { 'POST /st/4/shares': CREATED, ...routes },
    // The album options ask the page frame's picker for it (See: [Note: Dialog requests]).
    element: (
      <>
        <ShareDialog request={request} onClose={onClose} />
        <AlbumPickerLayer />
      </>
    ),
    ...(visitor && { login: { status: 'UNAUTHENTICATED', notice: null }, token: null }),
  });
  const calls = (method: string, path: string) =>
    rendered.requests.filter((r) => r.method === method && r.url.pathname === path);
  return { ...rendered, onClose, calls };
}

const dialog = () => screen.getByRole('dialog');
const option = (name: string) => within(dialog()).getByRole('button', { name });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('options view (spec 000 §4)', () => {
  test('offers Copy link, e-mail, album and more options, and a password', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Share 2 files' })).toBeTruthy();
    const names = within(dialog())
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names).toEqual(['Copy link', 'Send by e-mail', 'Share to album', 'More options', 'Close']);
    expect(within(dialog()).getByLabelText('Protect with a password')).toBeTruthy();
    // Keyboard: focus starts on the first option.
    expect(document.activeElement).toBe(option('Copy link'));
  });

  test('Copy link makes the share, copies its link with the sc marker under a wait cursor, and says so', async () => {
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { user, calls } = renderDialog(FILES, { 'POST /st/4/shares': { ...CREATED, after: held } });
    await user.click(option('Copy link'));
    expect(document.documentElement.classList.contains(WAIT_CURSOR_CLASS)).toBe(true);
    expect(option('Copy link').getAttribute('aria-busy')).toBe('true');
    answer();
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(document.documentElement.classList.contains(WAIT_CURSOR_CLASS)).toBe(false);
    expect(calls('POST', '/st/4/shares').map((r) => r.body)).toEqual([
      { source_job: 'job-timeline', file_uuids: ['f1', 'f2'] },
    ]);
    const link = `${ORIGIN}/share/${ID}?m=sc`;
    expect(await navigator.clipboard.readText()).toBe(link);
    const field = within(dialog()).getByLabelText<HTMLInputElement>('Share link');
    expect(field.value).toBe(link);
    expect(field.readOnly).toBe(true);
    // spec 000 §9: the link lives 30 days; the server's expiry is shown.
    expect(within(dialog()).getByText('The link expires on December 24, 2026.')).toBeTruthy();
  });

  test('a password is sent as entered, and then the share holds it', async () => {
    const { user, calls } = renderDialog();
    const password = within(dialog()).getByLabelText<HTMLInputElement>('Protect with a password');
    await user.type(password, ' s3cret ');
    await user.click(option('Copy link'));
    await screen.findByText('Link copied');
    expect(calls('POST', '/st/4/shares')[0]?.body).toMatchObject({ password: ' s3cret ' });
    expect(password.disabled).toBe(true);
    // A second copy reuses the share.
    await user.click(option('Copy link'));
    await waitFor(() => {
      expect(screen.getAllByText('Link copied').length).toBeGreaterThan(0);
    });
    expect(calls('POST', '/st/4/shares')).toHaveLength(1);
  });

  test('a share that cannot be made says so and the options come back after 3 s (spec 000 §8)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderDialog(FILES, { 'POST /st/4/shares': { status: 500 } });
    await user.click(option('Copy link'));
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toBe('Failed to share files - please try again');
    expect(within(dialog()).queryByRole('button', { name: 'Copy link' })).toBeNull();
    expect(screen.queryByText('Link copied')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(2900);
    });
    expect(within(dialog()).queryByRole('alert')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(within(dialog()).queryByRole('alert')).toBeNull();
    expect(option('Copy link')).toBeTruthy();
    expect(document.documentElement.classList.contains(WAIT_CURSOR_CLASS)).toBe(false);
  });

  test("a refused clipboard says 'Failed to copy!' and the link stays in its field", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = renderDialog();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('no', 'NotAllowedError'));
    await user.click(option('Copy link'));
    expect(await screen.findByText('Failed to copy!')).toBeTruthy();
    expect(within(dialog()).getByLabelText<HTMLInputElement>('Share link').value).toBe(
      `${ORIGIN}/share/${ID}?m=sc`,
    );
    expect(warn).toHaveBeenCalled();
    expect(document.documentElement.classList.contains(WAIT_CURSOR_CLASS)).toBe(false);
  });

  test('Escape closes the dialog', async () => {
    const { user, onClose } = renderDialog();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});

describe('e-mail view (spec 000 §4, §5)', () => {
  const publish = (request: SeenRequest) => ({
    body: { sent: (request.body as { to_email: string }).to_email.split(',').length, delivery: 'sent' },
  });

  async function openEmail(routes: FakeRoutes = {}) {
    const rendered = renderDialog(FILES, { [`POST /st/4/jobs/${ID}/publish`]: publish, ...routes });
    await rendered.user.click(option('Send by e-mail'));
    expect(screen.getByRole('dialog', { name: 'Send by e-mail' })).toBeTruthy();
    const to = within(dialog()).getByLabelText('To');
    const subject = within(dialog()).getByLabelText('Subject');
    const message = within(dialog()).getByLabelText('Message (optional)');
    const done = within(dialog()).getByRole<HTMLButtonElement>('button', { name: 'Done' });
    return { ...rendered, to, subject, message, done };
  }

  test('focus moves to the recipients; Done waits for valid recipients and a subject', async () => {
    const { user, to, subject, done } = await openEmail();
    expect(document.activeElement).toBe(to);
    expect(done.disabled).toBe(true);
    await user.type(to, 'ann@example.com, bo');
    await user.type(subject, 'Cabin');
    expect(done.disabled).toBe(true);
    // The invalid-input label shows once the field was left, then follows the text.
    expect(
      within(dialog()).getByText('Invalid input: every address must be a valid e-mail address'),
    ).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');
    await user.type(to, '@example.no');
    expect(within(dialog()).queryByText(/Invalid input/)).toBeNull();
    expect(done.disabled).toBe(false);
    await user.type(to, ',');
    expect(done.disabled).toBe(true);
    await user.type(to, '{Backspace}');
    await user.clear(subject);
    await user.type(subject, '  ');
    expect(done.disabled).toBe(true);
  });

  test('Done makes the share and publishes it in the UI language, then closes with a toast', async () => {
    const { user, to, subject, message, done, calls, onClose } = await openEmail();
    await user.type(to, 'ann@example.com, bo@example.no');
    await user.type(subject, 'Cabin trip');
    await user.type(message, 'See you!');
    await user.click(done);
    expect(await screen.findByText('2 e-mails sent')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(calls('POST', '/st/4/shares')).toHaveLength(1);
    expect(calls('POST', `/st/4/jobs/${ID}/publish`).map((r) => r.body)).toEqual([
      {
        to_email: 'ann@example.com, bo@example.no',
        subject: 'Cabin trip',
        message: 'See you!',
        locale: 'en_US',
      },
    ]);
  });

  test('mail only saved to the outbox is never called sent (issue #23)', async () => {
    const { user, to, subject, done } = await openEmail({
      [`POST /st/4/jobs/${ID}/publish`]: { body: { sent: 2, delivery: 'outbox' } },
    });
    await user.type(to, 'ann@example.com, bo@example.no');
    await user.type(subject, 'Cabin');
    await user.click(done);
    expect(
      await screen.findByText(
        'Not sent: e-mail is not set up on this server, so the 2 messages were only saved there',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('2 e-mails sent')).toBeNull();
  });

  test('a send the server refuses by its limits says why (issue #23)', async () => {
    const { user, to, subject, done } = await openEmail({
      [`POST /st/4/jobs/${ID}/publish`]: {
        status: 409,
        body: { error: { code: 'already_sent', message: 'Already sent' } },
      },
    });
    await user.type(to, 'ann@example.com');
    await user.type(subject, 'Cabin');
    await user.click(done);
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toBe('This was already sent to one of these addresses today');
  });

  test('a failure says so and keeps the form; Back returns to the options with the share made once', async () => {
    const { user, to, subject, done, calls, onClose } = await openEmail({
      [`POST /st/4/jobs/${ID}/publish`]: { status: 500 },
    });
    await user.type(to, 'ann@example.com');
    await user.type(subject, 'Cabin');
    await user.click(done);
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toBe('Failed to share files - please try again');
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog()).getByLabelText<HTMLInputElement>('To').value).toBe('ann@example.com');
    await user.click(within(dialog()).getByRole('button', { name: 'Back' }));
    expect(document.activeElement).toBe(option('Copy link'));
    await user.click(option('Copy link'));
    await screen.findByText('Link copied');
    expect(calls('POST', '/st/4/shares')).toHaveLength(1);
  });
});

describe('more options (spec 000 §4 externalOptions)', () => {
  test('opening it makes no share; a text message makes the one share, with the sms marker; More apps is hidden without the Web Share API', async () => {
    const followed: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push(this.href);
    });
    const { user, calls } = renderDialog();
    await user.click(option('More options'));
    await within(dialog()).findByRole('button', { name: 'Text message' });
    // Issue #23: the view used to make a live link on the way in.
    expect(calls('POST', '/st/4/shares')).toHaveLength(0);
    expect(within(dialog()).queryByRole('button', { name: 'More apps…' })).toBeNull();
    await user.click(option('Text message'));
    await waitFor(() => {
      expect(followed).toEqual([`sms:?&body=${encodeURIComponent(`${ORIGIN}/share/${ID}?m=sms`)}`]);
    });
    expect(calls('POST', '/st/4/shares')).toHaveLength(1);
    // The share made, the text message is a plain link to it.
    const sms = await within(dialog()).findByRole('link', { name: 'Text message' });
    expect(sms.getAttribute('href')).toBe(followed[0]);
  });

  test('after Copy link, More options and e-mail reuse the one share of the dialog', async () => {
    const { user, calls } = renderDialog();
    await user.click(option('Copy link'));
    await screen.findByText('Link copied');
    await user.click(option('More options'));
    const sms = await within(dialog()).findByRole('link', { name: 'Text message' });
    expect(sms.getAttribute('href')).toBe(`sms:?&body=${encodeURIComponent(`${ORIGIN}/share/${ID}?m=sms`)}`);
    await user.click(within(dialog()).getByRole('button', { name: 'Back' }));
    await user.click(option('More options'));
    expect(calls('POST', '/st/4/shares')).toHaveLength(1);
  });

  test('More apps hands the link to the Web Share API where there is one', async () => {
    const share = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { share }));
    const { user } = renderDialog();
    await user.click(option('More options'));
    await user.click(await within(dialog()).findByRole('button', { name: 'More apps…' }));
    expect(share).toHaveBeenCalledWith({ title: 'Photos shared with you', url: `${ORIGIN}/share/${ID}` });
  });

  test('a link that cannot be made fails, and the options come back after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderDialog(FILES, { 'POST /st/4/shares': 'network' });
    await user.click(option('More options'));
    await user.click(await within(dialog()).findByRole('button', { name: 'Text message' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'Failed to share files - please try again',
    );
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getByRole('dialog', { name: 'Share 2 files' })).toBeTruthy();
  });
});

describe('share to album (spec 000 §4 albumOptions, §5)', () => {
  const albums = {
    'GET /st/4/jobs': {
      body: {
        jobs: [
          anAlbum({ id: 'private', title: 'Private' }),
          anAlbum({ id: 'family', title: 'Family', isShared: true, privacy_mode: 'shared' }),
        ],
      },
    },
    'POST /st/4/jobs/family/copy_files': (request: SeenRequest) => ({
      body: {
        results: (request.body as { file_uuids: string[] }).file_uuids.map((id) => ({
          file_uuid: id,
          status: 'ok',
        })),
      },
    }),
  };

  test('the album picker lists only shared albums; Cancel comes back to the options', async () => {
    const { user } = renderDialog(FILES, albums);
    await user.click(option('Share to album'));
    const picker = await screen.findByRole('dialog', { name: 'Share to album' });
    await within(picker).findByRole('radio', { name: 'Family' });
    expect(within(picker).queryByRole('radio', { name: 'Private' })).toBeNull();
    await user.click(within(picker).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Share 2 files' })).toBeTruthy();
  });

  test('choosing an album copies the files there and closes', async () => {
    const { user, calls, onClose } = renderDialog(FILES, albums);
    await user.click(option('Share to album'));
    const picker = await screen.findByRole('dialog', { name: 'Share to album' });
    await user.click(await within(picker).findByRole('radio', { name: 'Family' }));
    await user.click(within(picker).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('2 files added to Family')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(calls('POST', '/st/4/jobs/family/copy_files')[0]?.body).toEqual({
      source_job: 'job-timeline',
      file_uuids: ['f1', 'f2'],
    });
    expect(calls('POST', '/st/4/shares')).toHaveLength(0);
  });
});

describe('a visitor of a shared album (spec 000 §6)', () => {
  const ONE: ShareRequest = { kind: 'files', sourceJobId: 'album-1', fileIds: ['f9'] };

  test("e-mail and album say 'only accessible to logged-in users' for 3 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderDialog(ONE, {}, true);
    expect(within(dialog()).queryByLabelText('Protect with a password')).toBeNull();
    await user.click(option('Send by e-mail'));
    const notice = within(dialog()).getByText('This is only accessible to logged-in users');
    expect(notice.getAttribute('role')).toBe('status');
    expect(screen.getByRole('dialog', { name: 'Share 1 file' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(within(dialog()).queryByText('This is only accessible to logged-in users')).toBeNull();
    await user.click(option('Share to album'));
    expect(within(dialog()).getByText('This is only accessible to logged-in users')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Share to album' })).toBeNull();
  });

  test('a single file is still shared as a link, its /albumImage page, without a share', async () => {
    const { user, calls } = renderDialog(ONE, {}, true);
    await user.click(option('Copy link'));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${ORIGIN}/albumImage/album-1/f9`);
    expect(calls('POST', '/st/4/shares')).toHaveLength(0);
    expect(within(dialog()).queryByText(/expires/)).toBeNull();
  });

  test('several files would need a share: the link is for signed-in users', async () => {
    const { user, calls } = renderDialog({ ...ONE, fileIds: ['f1', 'f2'] }, {}, true);
    await user.click(option('Copy link'));
    expect(within(dialog()).getByText('This is only accessible to logged-in users')).toBeTruthy();
    expect(calls('POST', '/st/4/shares')).toHaveLength(0);
  });
});

describe('a signed-in visitor who is no member of the album (issue #23)', () => {
  // The album's currentUserCan.shareFiles is false for them: the server refuses their share.
  const ONE: ShareRequest = { kind: 'files', sourceJobId: 'album-1', fileIds: ['f9'], mayShare: false };

  test("offers only the file's /albumImage link: Copy link and More options, no password", async () => {
    const { user, calls } = renderDialog(ONE);
    const names = within(dialog())
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names).toEqual(['Copy link', 'More options', 'Close']);
    expect(within(dialog()).queryByLabelText('Protect with a password')).toBeNull();
    expect(within(dialog()).getByText(/As a visitor you can share a link to this file/)).toBeTruthy();
    await user.click(option('Copy link'));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${ORIGIN}/albumImage/album-1/f9`);
    await user.click(option('More options'));
    const sms = within(dialog()).getByRole('link', { name: 'Text message' });
    expect(sms.getAttribute('href')).toBe(
      `sms:?&body=${encodeURIComponent(`${ORIGIN}/albumImage/album-1/f9`)}`,
    );
    expect(calls('POST', '/st/4/shares')).toHaveLength(0);
  });

  test('several files offer no link at all, and say only members share them', () => {
    const { calls } = renderDialog({ ...ONE, fileIds: ['f1', 'f2'] });
    expect(
      within(dialog())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Close']);
    expect(within(dialog()).getByText("Only the album's members can share these files.")).toBeTruthy();
    expect(calls('POST', '/st/4/shares')).toHaveLength(0);
  });
});

describe('an album invitation (spec 000 §7 publish on the album id)', () => {
  const INVITE: ShareRequest = { kind: 'invite', albumId: 'family' };

  test('opens on the e-mail form and publishes the album itself', async () => {
    const { user, calls, onClose } = renderDialog(INVITE, {
      'POST /st/4/jobs/family/publish': { body: { sent: 1, delivery: 'sent' } },
    });
    expect(screen.getByRole('dialog', { name: 'Invite by e-mail' })).toBeTruthy();
    expect(within(dialog()).queryByRole('button', { name: 'Back' })).toBeNull();
    await user.type(within(dialog()).getByLabelText('To'), 'ann@example.com');
    await user.type(within(dialog()).getByLabelText('Subject'), 'Join us');
    await user.click(within(dialog()).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Invitation sent')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(calls('POST', '/st/4/shares')).toHaveLength(0);
    expect(calls('POST', '/st/4/jobs/family/publish')[0]?.body).toEqual({
      to_email: 'ann@example.com',
      subject: 'Join us',
      message: '',
      locale: 'en_US',
    });
  });

  test('an inviter without a name is asked for it, then the invitation goes (spec 001 §4, §5)', async () => {
    let named = false;
    const { user, calls, onClose } = renderDialog(INVITE, {
      'POST /st/4/name': () => {
        named = true;
        return { body: anAccount({ name: 'Kari' }) };
      },
      'POST /st/4/jobs/family/publish': () =>
        named
          ? { body: { sent: 1, delivery: 'sent' } }
          : {
              status: 409,
              body: { error: { code: 'user_name_required', message: 'Shared albums require a user name' } },
            },
    });
    await user.type(within(dialog()).getByLabelText('To'), 'ann@example.com');
    await user.type(within(dialog()).getByLabelText('Subject'), 'Join us');
    await user.click(within(dialog()).getByRole('button', { name: 'Done' }));
    const prompt = await screen.findByRole('dialog', { name: 'What is your name?' });
    await user.type(within(prompt).getByRole('textbox'), 'Kari');
    await user.click(within(prompt).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Invitation sent')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(calls('POST', '/st/4/jobs/family/publish')).toHaveLength(2);
    expect(calls('POST', '/st/4/name')[0]?.body).toEqual({ name: 'Kari' });
  });

  test('a failed invitation says so; Cancel closes', async () => {
    const { user, onClose } = renderDialog(INVITE, { 'POST /st/4/jobs/family/publish': { status: 500 } });
    await user.type(within(dialog()).getByLabelText('To'), 'ann@example.com');
    await user.type(within(dialog()).getByLabelText('Subject'), 'Join us');
    await user.click(within(dialog()).getByRole('button', { name: 'Done' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'Failed to send the invitation - please try again',
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
