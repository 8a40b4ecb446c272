/**
 * A build made here shows Google one-click sign-in through the embedded platform's issuer, as the platform
 * itself has it outside production; a production or Netlify build only with the shop's own client id, and
 * GOOGLE_SIGN_IN=off or an empty client id builds without it.
 */
import { expect, it } from 'vitest';
import { withLocalGoogle } from '../../../scripts/build.ts';
import { EMBEDDED_GOOGLE_CLIENT_ID } from '../../../src/lib/captcha/embedded.ts';

const clientId = (env: NodeJS.ProcessEnv) => withLocalGoogle(env).PUBLIC_GOOGLE_CLIENT_ID;

it('gives a build made here the embedded Google client id', () => {
  expect(clientId({})).toBe(EMBEDDED_GOOGLE_CLIENT_ID);
  expect(clientId({ NODE_ENV: 'development' })).toBe(EMBEDDED_GOOGLE_CLIENT_ID);
});

it('keeps the shop’s own client id, and an empty one as off', () => {
  expect(clientId({ PUBLIC_GOOGLE_CLIENT_ID: 'shop.apps.googleusercontent.com' })).toBe('shop.apps.googleusercontent.com');
  expect(clientId({ PUBLIC_GOOGLE_CLIENT_ID: '' })).toBe('');
});

it('gives none to a production or Netlify build, nor when Google sign-in is off', () => {
  expect(clientId({ NODE_ENV: 'production' })).toBeUndefined();
  expect(clientId({ NETLIFY: 'true' })).toBeUndefined();
  expect(clientId({ GOOGLE_SIGN_IN: 'off' })).toBeUndefined();
});
