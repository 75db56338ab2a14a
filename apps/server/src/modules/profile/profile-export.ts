import type { AccountBytesSection, AccountSection } from '../data-access/export-documents.ts';
import { iso } from '../data-access/export-documents.ts';
import type { ProfileRepository } from './profile.repository.ts';

/**
 * What the profile adds to the account's data export ([Note: Data export], issue #24): the
 * attributes (account/attributes.json) and the profile picture as it was received
 * (account/profile-picture.<format>); the served rendition is made of it and is not included.
 */
export function profileExport(profile: ProfileRepository): {
  sections: AccountSection[];
  storedBytes: AccountBytesSection[];
} {
  return {
    sections: [
      {
        path: 'account/attributes.json',
        read: async (userId) => ({
          attributes: (await profile.listAttributes(userId)).map((row) => ({
            key: row.key,
            value: row.value,
            updated: iso(row.updated_at),
          })),
        }),
      },
    ],
    storedBytes: [
      {
        read: async (userId) => {
          const row = await profile.findPicture(userId);
          if (!row) return [];
          const extension = row.format === 'jpeg' ? 'jpg' : row.format;
          return [
            {
              path: `account/profile-picture.${extension}`,
              key: row.store_key,
              size: row.size,
              mtime: row.updated_at,
            },
          ];
        },
      },
    ],
  };
}
