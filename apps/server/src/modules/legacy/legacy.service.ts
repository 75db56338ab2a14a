import {
  DigitalLegacyBody,
  LegacyChoice,
  LegacyContact,
  Locale,
  type DigitalLegacyResponse,
} from '@trove/contract';
import { parseInput } from '../../errors.ts';
import { z } from 'zod/mini';
import type { AccountAccess } from '../../access/account-access.ts';
import type { SignedInCaller } from '../../access/caller.ts';
import type { FreshLoginCheck } from '../../access/fresh-login.ts';
import { iso, type AccountSection } from '../data-access/export-documents.ts';
import type { DigitalLegacyRow, LegacyRepository } from './legacy.repository.ts';

/** A stored row as the wire has it; a row no longer valid reads as none rather than failing. */
function toData(row: DigitalLegacyRow | undefined): DigitalLegacyResponse['digital_legacy_data'] {
  if (!row) return null;
  const choice = LegacyChoice.safeParse(row.choice);
  const language = Locale.safeParse(row.language);
  const contacts = z.array(LegacyContact).safeParse(JSON.parse(row.contacts));
  if (!choice.success || !language.success || !contacts.success) return null;
  return {
    choice: choice.data,
    language: language.data,
    contact_information: contacts.data,
    updated_at: row.updated_at,
  };
}

/**
 * Digital legacy (spec 001 §3, §5, §7; issue #24): what happens to the account's content when
 * its owner dies. Only the owner reads or writes it, and only with a fresh sign-in (spec 001
 * §6, [Note: Fresh login]): the contact is another person's address and telephone.
 */
export function createLegacyService(deps: {
  legacy: LegacyRepository;
  access: Pick<AccountAccess, 'require'>;
  freshLogin: FreshLoginCheck;
  now: () => number;
}) {
  const { legacy, access, freshLogin, now } = deps;
  return {
    /** GET /digital_legacy. */
    async get(caller: SignedInCaller): Promise<DigitalLegacyResponse> {
      await access.require(caller, 'manageLegacy');
      freshLogin(caller);
      return { digital_legacy_data: toData(await legacy.find(caller.userId)) };
    },

    /**
     * POST /digital_legacy: the body is checked by the contract's §5 rules after the fresh
     * sign-in, so a stale session learns nothing about its input.
     * @throws ValidationError (400) naming each field that breaks a rule.
     */
    async set(caller: SignedInCaller, input: unknown): Promise<DigitalLegacyResponse> {
      await access.require(caller, 'manageLegacy');
      freshLogin(caller);
      const body = parseInput(DigitalLegacyBody, input);
      const row: DigitalLegacyRow = {
        user_id: caller.userId,
        choice: body.choice,
        language: body.language,
        contacts: JSON.stringify(body.contact_information),
        updated_at: now(),
      };
      await legacy.put(row);
      return { digital_legacy_data: toData(row) };
    },
  };
}
export type LegacyService = ReturnType<typeof createLegacyService>;

/** The legacy in every data export (issue #24 "legacy"): `account/legacy.json`. */
export function legacyExportSection(legacy: Pick<LegacyRepository, 'find'>): AccountSection {
  return {
    path: 'account/legacy.json',
    read: async (userId) => {
      const data = toData(await legacy.find(userId));
      return data === null
        ? { legacy: null }
        : {
            legacy: {
              choice: data.choice,
              language: data.language,
              contacts: data.contact_information,
              set: iso(data.updated_at),
            },
          };
    },
  };
}
