import { describe, expect, test } from 'vitest';
import {
  albumImagePath,
  checkEmailForm,
  initialShareState,
  shareDialogReducer,
  shareLink,
  smsHref,
  type ShareDialogState,
} from './model.ts';

const ID = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';

describe('share dialog states (spec 000 §4, §6, §8)', () => {
  const options = initialShareState();

  test('opens on the options; an album invitation on the e-mail form', () => {
    expect(options).toEqual({ view: 'options', isFailed: false, isLoggedInOnly: false });
    expect(initialShareState('email').view).toBe('email');
  });

  test('a signed-in user reaches every view', () => {
    for (const view of ['email', 'albumOptions', 'externalOptions', 'options'] as const) {
      expect(shareDialogReducer(options, { type: 'OPEN', view, isLoggedIn: true }).view).toBe(view);
    }
  });

  test('a visitor stays on the options with the notice for e-mail and album; links are theirs', () => {
    for (const view of ['email', 'albumOptions'] as const) {
      expect(shareDialogReducer(options, { type: 'OPEN', view, isLoggedIn: false })).toEqual({
        view: 'options',
        isFailed: false,
        isLoggedInOnly: true,
      });
    }
    expect(
      shareDialogReducer(options, { type: 'OPEN', view: 'externalOptions', isLoggedIn: false }).view,
    ).toBe('externalOptions');
    const noticed: ShareDialogState = { ...options, isLoggedInOnly: true };
    expect(shareDialogReducer(noticed, { type: 'NOTICE_ELAPSED' })).toEqual(options);
    expect(shareDialogReducer(options, { type: 'LOGGED_IN_ONLY' }).isLoggedInOnly).toBe(true);
  });

  test('a failure shows until it elapses, then the options come back', () => {
    const external = shareDialogReducer(options, { type: 'OPEN', view: 'externalOptions', isLoggedIn: true });
    const failed = shareDialogReducer(external, { type: 'FAILED' });
    expect(failed).toEqual({ view: 'externalOptions', isFailed: true, isLoggedInOnly: false });
    expect(shareDialogReducer(failed, { type: 'FAILURE_ELAPSED' })).toEqual(options);
    // A timer of a failure already left (Back pressed meanwhile) changes nothing.
    expect(shareDialogReducer(external, { type: 'FAILURE_ELAPSED' })).toBe(external);
  });
});

describe('links (spec 000 §2, §3, §6)', () => {
  test('a share link is origin, path and marker', () => {
    expect(shareLink('https://trove.example', ID, 'sc')).toBe(`https://trove.example/share/${ID}?m=sc`);
    expect(shareLink('https://trove.example', ID)).toBe(`https://trove.example/share/${ID}`);
  });

  test("a visitor's single file links to its /albumImage page", () => {
    expect(albumImagePath('job 1', 'f/2')).toBe('/albumImage/job%201/f%2F2');
  });

  test('a text message carries the link as its body', () => {
    expect(smsHref(`https://t.example/share/${ID}?m=sms`)).toBe(
      `sms:?&body=https%3A%2F%2Ft.example%2Fshare%2F${ID}%3Fm%3Dsms`,
    );
  });
});

describe('the e-mail form (spec 000 §5)', () => {
  const valid = { recipients: 'ann@example.com, bo@example.no', subject: 'Cabin', message: '' };

  test('valid recipients and a subject enable Done; the message is optional', () => {
    expect(checkEmailForm(valid)).toEqual({
      recipients: ['ann@example.com', 'bo@example.no'],
      isSubjectValid: true,
      canSend: true,
    });
  });

  test.each([
    ['', 'no recipients'],
    ['ann@example.com,', 'a trailing comma'],
    ['ann@example.com,, bo@example.no', 'an empty entry'],
    ['ann@example.com, bo', 'one invalid entry'],
    ['ann@example.com; bo@example.no', 'another separator'],
  ])('%j is invalid (%s)', (recipients) => {
    const check = checkEmailForm({ ...valid, recipients });
    expect(check.recipients).toBeNull();
    expect(check.canSend).toBe(false);
  });

  test('a blank subject keeps Done disabled', () => {
    expect(checkEmailForm({ ...valid, subject: '   ' })).toMatchObject({
      isSubjectValid: false,
      canSend: false,
    });
  });
});
