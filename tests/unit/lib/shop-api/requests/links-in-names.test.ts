/**
 * Names that read as links (www., ://, a domain) are refused by the forms and by the shop API alike: a name
 * goes into the shop's mails, where mail clients would make it a link the shop seems to send.
 */
import { describe, expect, it } from 'vitest';
import { violationMessage } from '../../../../../src/backend/shop/shared/messages.ts';
import { resolveMessage } from '../../../../../src/lib/forms/messages.ts';
import { translator } from '../../../../../src/i18n/translate.ts';
import { personalDataSchema } from '../../../../../src/lib/forms/personal-data.ts';
import { registerSchema } from '../../../../../src/lib/forms/register.ts';
import { validate } from '../../../../../src/lib/forms/validate.ts';
import { personalDataRequest, registerRequest } from '../../../../../src/lib/shop-api/requests/customers.ts';
import { looksLikeLink, personName } from '../../../../../src/lib/shop-api/requests/fields.ts';

const clock = () => new Date('2026-11-23T10:00:00Z');
const register = (names: { firstName?: string; lastName?: string }) => ({
  gender: 'f',
  firstName: 'Camille',
  lastName: 'Martin',
  email: 'camille@example.com',
  password: 'croquettes5',
  birthday: '',
  subscribedToNewsletter: false,
  acceptTerms: true,
  ...names,
});
const apiCodeOf = (result: { error?: { issues: Array<{ path: PropertyKey[]; params?: unknown }> } }, field: string) =>
  (result.error?.issues.find((issue) => issue.path[0] === field)?.params as { code?: string } | undefined)?.code ?? null;

const LINKS = [
  'www.evil.example',
  'WWW.EVIL.EXAMPLE',
  'www.',
  'https://evil.example/login',
  'http://localhost',
  'hxxp://anything',
  'evil.example',
  'bit.ly',
  'x.co',
  'Camille evil.example',
  'Camille (voir evil.com)',
  'camille@evil.example',
  'évil.fr',
  'evil。com',
  'evil．com',
  'Jean.Pierre',
];
const NAMES = [
  'Camille',
  'Anne-Sophie',
  'Zoë',
  "D'Hondt",
  'D’Hondt',
  'Van den Broeck',
  'Éloïse',
  'J. Dupont',
  'J.-P.',
  'J.P.',
  'A.J.',
  'St. Clair',
  'Jean-Marc 2',
  'Ève: la première',
  'Anne/Marie',
];

describe('a name that reads as a link', () => {
  it.each(LINKS)('is found in %j', (text) => {
    expect(looksLikeLink(text)).toBe(true);
  });
  it.each(NAMES)('is not found in the name %j', (text) => {
    expect(looksLikeLink(text)).toBe(false);
    expect(personName.safeParse(text).success).toBe(true);
  });

  it('is refused at registration, as the first or the last name, with the code the forms translate', () => {
    expect(apiCodeOf(registerRequest(clock).safeParse({ ...register({ firstName: 'www.evil.example' }), gender: null }), 'firstName')).toBe(
      'LINK_NOT_ALLOWED',
    );
    expect(
      apiCodeOf(registerRequest(clock).safeParse({ ...register({ lastName: 'https://evil.example' }), gender: null }), 'lastName'),
    ).toBe('LINK_NOT_ALLOWED');
    const form = validate(registerSchema(clock), register({ firstName: 'evil.example' }));
    expect(form.success ? [] : form.errors.fields.firstName?.map((e) => e.code)).toEqual(['link']);
  });

  it('is refused in the personal data', () => {
    expect(apiCodeOf(personalDataRequest(clock).safeParse({ lastName: 'www.evil.example' }), 'lastName')).toBe('LINK_NOT_ALLOWED');
    expect(personalDataRequest(clock).safeParse({ lastName: 'St. Clair' }).success).toBe(true);
    const form = validate(personalDataSchema(clock), {
      gender: 'f',
      firstName: 'https://evil.example',
      lastName: 'Martin',
      email: 'camille@example.com',
      birthday: '',
      subscribedToNewsletter: false,
      preferredLanguage: 'fr',
      currentPassword: '',
    });
    expect(form.success ? [] : form.errors.fields.firstName?.map((e) => e.code)).toEqual(['link']);
  });

  it('is said in the same words by the form and the API, in French and in Dutch', () => {
    expect(violationMessage('fr', 'LINK_NOT_ALLOWED')).toBe(
      'Ce champ ne peut pas contenir d’adresse web (www, http ou un point collé au mot suivant).',
    );
    expect(violationMessage('nl', 'LINK_NOT_ALLOWED')).toBe(
      'Dit veld mag geen webadres bevatten (www, http of een punt direct gevolgd door een woord).',
    );
    for (const language of ['fr', 'nl'] as const)
      expect(resolveMessage(translator(language), 'register', 'firstName', { code: 'link' })).toBe(
        violationMessage(language, 'LINK_NOT_ALLOWED'),
      );
  });
});
