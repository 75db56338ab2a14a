import { z } from 'zod/mini';
import { Locale } from './locales.ts';
import { isEmailAddress } from './shares.ts';
import { isPlainText } from './text.ts';

/*
 * Digital legacy (spec 001 §3 "choice is one of …; Contact: name, address, email_address,
 * phone_number", §5 the contact form's rules, §7 POST and GET /digital_legacy, §8 its two
 * messages, §9 "Legacy phone 8 to 14 digits"). The rules live here once: the form checks
 * them as the user types, the server refuses what breaks them.
 */

export const LEGACY_CHOICES = [
  'only_provide_content_explicitly_detailed_in_my_will',
  'do_not_provide_content_to_anybody',
  'provide_content_to_contact',
] as const;
export const LegacyChoice = z.enum(LEGACY_CHOICES);
export type LegacyChoice = z.infer<typeof LegacyChoice>;

/** The four fields of a contact (spec 001 §3), each required (§5). */
export const LEGACY_CONTACT_FIELDS = ['name', 'phone_number', 'email_address', 'address'] as const;
export type LegacyContactField = (typeof LEGACY_CONTACT_FIELDS)[number];

/** Lengths the server keeps; the form stops typing there. */
export const LEGACY_MAX_LENGTH: Record<LegacyContactField, number> = {
  name: 200,
  phone_number: 15,
  email_address: 254,
  address: 500,
};

/** At most this many contacts; the web form names one. */
export const LEGACY_MAX_CONTACTS = 5;

/** Spec 001 §8 texts, the server's messages (the web shows its own translations). */
export const LEGACY_EMAIL_MESSAGE = 'Email address not valid';
export const LEGACY_PHONE_MESSAGE = 'Entry can only contain + and 8 to 14 numbers';
export const LEGACY_REQUIRED_MESSAGE = 'Required';

/**
 * Spec 001 §5: "phone may contain only a plus sign and 8 to 14 digits"; §9 "8 to 14 digits".
 * Read as: an optional leading plus, then 8 to 14 digits, nothing else (no spaces).
 */
const PHONE_PATTERN = /^\+?[0-9]{8,14}$/;

/** What is wrong with one field of a contact, or null; the field's value is taken trimmed. */
export type LegacyFieldProblem = 'required' | 'email' | 'phone' | 'too_long' | 'invalid';

export function legacyFieldProblem(field: LegacyContactField, raw: string): LegacyFieldProblem | null {
  const value = raw.trim();
  if (value === '') return 'required';
  if (value.length > LEGACY_MAX_LENGTH[field]) return 'too_long';
  if (!isPlainText(value)) return 'invalid';
  if (field === 'email_address' && !isEmailAddress(value)) return 'email';
  if (field === 'phone_number' && !PHONE_PATTERN.test(value)) return 'phone';
  return null;
}

const PROBLEM_MESSAGES: Record<LegacyFieldProblem, string> = {
  required: LEGACY_REQUIRED_MESSAGE,
  email: LEGACY_EMAIL_MESSAGE,
  phone: LEGACY_PHONE_MESSAGE,
  too_long: 'Too long',
  invalid: 'Must not contain control characters',
};

const contactField = (field: LegacyContactField) =>
  z.pipe(
    z.string().check(z.trim()),
    z.string().check(
      z.superRefine((value, ctx) => {
        const problem = legacyFieldProblem(field, value);
        if (problem !== null)
          ctx.addIssue({ code: 'custom', message: PROBLEM_MESSAGES[problem], input: value });
      }),
    ),
  );

/** One contact (spec 001 §3), every field checked by the §5 rules. */
export const LegacyContact = z.object({
  name: contactField('name'),
  address: contactField('address'),
  email_address: contactField('email_address'),
  phone_number: contactField('phone_number'),
});
export type LegacyContact = z.infer<typeof LegacyContact>;

/**
 * POST /digital_legacy (spec 001 §7: choice, language, optional contact list). A contact is
 * needed exactly when the choice is provide_content_to_contact, and refused otherwise.
 */
export const DigitalLegacyBody = z
  .object({
    choice: LegacyChoice,
    language: Locale,
    contact_information: z._default(z.array(LegacyContact).check(z.maxLength(LEGACY_MAX_CONTACTS)), []),
  })
  .check(
    z.superRefine((body, ctx) => {
      const wantsContact = body.choice === 'provide_content_to_contact';
      if (wantsContact && body.contact_information.length === 0)
        ctx.addIssue({
          code: 'custom',
          path: ['contact_information'],
          message: 'A contact is required for this choice',
          input: body.contact_information,
        });
      if (!wantsContact && body.contact_information.length > 0)
        ctx.addIssue({
          code: 'custom',
          path: ['contact_information'],
          message: 'Contacts are only kept for provide_content_to_contact',
          input: body.contact_information,
        });
    }),
  );
export type DigitalLegacyBody = z.infer<typeof DigitalLegacyBody>;

/** What GET and POST /digital_legacy answer: the stored choice, null before the first one. */
export const DigitalLegacyResponse = z.object({
  digital_legacy_data: z.nullable(
    z.object({
      choice: LegacyChoice,
      language: Locale,
      contact_information: z.array(LegacyContact),
      /** When it was last saved (ms since the epoch). */
      updated_at: z.number(),
    }),
  ),
});
export type DigitalLegacyResponse = z.infer<typeof DigitalLegacyResponse>;
