/**
 * What an e-mail address is, written once without zod: the requests' `email` field (./fields.ts) checks it
 * on the platform, and the newsletter sign-up (the footer's form, a script that must not load zod) checks it
 * before sending, so the page never sends an address the platform would refuse. The pattern is zod's own
 * (`z.regexes.email`, the one the platform checked with before): a dot-separated local part, then a domain
 * with a dot and a top-level name ("jean@" and "jean.dupont@exemple" are not addresses).
 */
const EMAIL_ADDRESS = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const isEmailAddress = (text: string): boolean => EMAIL_ADDRESS.test(text);
