import { renderHook } from '@testing-library/react';
import { expect, test } from 'vitest';
import { currentDropClaim, useDropClaim, type DropClaim } from './drop-claim.ts';

const claim = (title: string): DropClaim => ({ title, text: '', onFiles: () => undefined });

test('the latest mounted claim takes drops; unmounted, the one before it does again', () => {
  expect(currentDropClaim()).toBeUndefined();
  const documents = claim('documents');
  const album = claim('album');
  const first = renderHook(() => {
    useDropClaim(documents);
  });
  expect(currentDropClaim()).toBe(documents);
  const second = renderHook(() => {
    useDropClaim(album);
  });
  expect(currentDropClaim()).toBe(album);
  second.unmount();
  expect(currentDropClaim()).toBe(documents);
  first.unmount();
  expect(currentDropClaim()).toBeUndefined();
});

test('no claim (a read-only user) leaves drops to the timeline', () => {
  renderHook(() => {
    useDropClaim(undefined);
  });
  expect(currentDropClaim()).toBeUndefined();
});
