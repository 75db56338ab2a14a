import { describe, expect, it } from 'vitest';
import { DigitalLegacyBody, LegacyContact, legacyFieldProblem } from './index.ts';

const CONTACT = {
  name: 'Kari Nordmann',
  phone_number: '+4791234567',
  email_address: 'kari@example.no',
  address: 'Storgata 1, 0155 Oslo',
};

describe('digital legacy contact rules (spec 001 §5, §9)', () => {
  it('phone: an optional leading plus and 8 to 14 digits, nothing else', () => {
    for (const ok of ['12345678', '+12345678', '12345678901234', '+12345678901234'])
      expect(legacyFieldProblem('phone_number', ok), ok).toBeNull();
    for (const bad of [
      '1234567',
      '+1234567',
      '123456789012345',
      '+47 912 34 567',
      '47+12345678',
      '++12345678',
      '4791-2345',
    ])
      expect(legacyFieldProblem('phone_number', bad), bad).toBe('phone');
  });

  it('e-mail: one address by the standard pattern', () => {
    expect(legacyFieldProblem('email_address', 'kari@example.no')).toBeNull();
    for (const bad of ['kari@example', 'kari example.no', 'kari@@example.no', 'a@b.no, c@d.no'])
      expect(legacyFieldProblem('email_address', bad), bad).toBe('email');
  });

  it('all four fields are required; blanks count as empty', () => {
    for (const field of ['name', 'phone_number', 'email_address', 'address'] as const) {
      expect(legacyFieldProblem(field, ''), field).toBe('required');
      expect(legacyFieldProblem(field, '   '), field).toBe('required');
    }
  });

  it('the body needs a contact exactly for provide_content_to_contact, and names the field at fault', () => {
    const base = { language: 'nb_NO' as const };
    expect(
      DigitalLegacyBody.safeParse({
        ...base,
        choice: 'provide_content_to_contact',
        contact_information: [CONTACT],
      }).success,
    ).toBe(true);
    expect(DigitalLegacyBody.safeParse({ ...base, choice: 'provide_content_to_contact' }).success).toBe(
      false,
    );
    expect(
      DigitalLegacyBody.safeParse({
        ...base,
        choice: 'do_not_provide_content_to_anybody',
        contact_information: [CONTACT],
      }).success,
    ).toBe(false);
    expect(
      DigitalLegacyBody.safeParse({ ...base, choice: 'do_not_provide_content_to_anybody' }).success,
    ).toBe(true);
    const wrong = LegacyContact.safeParse({ ...CONTACT, phone_number: '+47 912' });
    expect(wrong.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['phone_number', 'Entry can only contain + and 8 to 14 numbers'],
    ]);
  });
});
