import {
  LEGACY_CONTACT_FIELDS,
  legacyFieldProblem,
  type LegacyContact,
  type LegacyContactField,
  type LegacyFieldProblem,
} from '@trove/contract';
import type { ErrorIssue } from '../../api/http-error.ts';

/** The contact as typed. */
export type ContactDraft = Record<LegacyContactField, string>;

export const EMPTY_CONTACT: ContactDraft = { name: '', phone_number: '', email_address: '', address: '' };

/** Each field's problem by the contract's §5 rules (spec 001 §5), null when it is fine. */
export function contactProblems(draft: ContactDraft): Record<LegacyContactField, LegacyFieldProblem | null> {
  const problems = {} as Record<LegacyContactField, LegacyFieldProblem | null>;
  for (const field of LEGACY_CONTACT_FIELDS) problems[field] = legacyFieldProblem(field, draft[field]);
  return problems;
}

/** Spec 001 §5: "confirm is disabled until all are filled and valid". */
export function isContactValid(draft: ContactDraft): boolean {
  return Object.values(contactProblems(draft)).every((problem) => problem === null);
}

export function toContact(draft: ContactDraft): LegacyContact {
  return {
    name: draft.name.trim(),
    address: draft.address.trim(),
    email_address: draft.email_address.trim(),
    phone_number: draft.phone_number.trim(),
  };
}

/** The fields a server's `validation_failed` names (`contact_information.0.email_address`). */
export function fieldsOfIssues(issues: readonly ErrorIssue[]): LegacyContactField[] {
  const named = issues.map((issue) => issue.path.split('.').at(-1));
  return LEGACY_CONTACT_FIELDS.filter((field) => named.includes(field));
}
