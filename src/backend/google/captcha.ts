/**
 * The embedded stand-in for reCAPTCHA, outside production only: a script that offers the same browser API
 * as Google's (grecaptcha.ready/render/execute, and grecaptcha.enterprise alike) and gets its tokens from
 * this platform, and the check of those tokens. A token is signed with a key made when the process starts,
 * names the site key and the action, and lives two minutes like a reCAPTCHA token.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { z } from 'zod';
import { EMBEDDED_CAPTCHA_SITE_KEY } from '../../lib/captcha/embedded.ts';

const SIGNING_KEY = randomBytes(32);
const TOKEN_LIFETIME_MS = 2 * 60 * 1000;

const signature = (payload: string) => createHmac('sha256', SIGNING_KEY).update(payload).digest('base64url');

export function issueEmbeddedCaptchaToken(action: string, now: Date, siteKey = EMBEDDED_CAPTCHA_SITE_KEY): string {
  const payload = Buffer.from(JSON.stringify({ k: siteKey, a: action, t: now.getTime() })).toString('base64url');
  return `${payload}.${signature(payload)}`;
}

const tokenPayload = z.object({ k: z.string(), a: z.string(), t: z.number() });

/** The action a token of the embedded captcha was made for, or null when it is not one (or too old, or for another site key). */
export function embeddedCaptchaAction(token: string, now: Date): string | null {
  const [payload, signed, extra] = token.split('.');
  if (!payload || !signed || extra !== undefined) return null;
  const expected = Buffer.from(signature(payload));
  const given = Buffer.from(signed);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const parsed = tokenPayload.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  if (!parsed.success || parsed.data.k !== EMBEDDED_CAPTCHA_SITE_KEY) return null;
  const age = now.getTime() - parsed.data.t;
  return age >= 0 && age <= TOKEN_LIFETIME_MS ? parsed.data.a : null;
}

/**
 * The script, like Google's api.js?render=explicit: `render` makes an (invisible) widget for a site key,
 * `execute` resolves a token for an action. Written without eval or inline handlers, for the sites' CSP.
 */
const SCRIPT = `(() => {
  const origin = new URL(document.currentScript.src).origin;
  const widgets = [];
  const api = {
    ready(callback) { Promise.resolve().then(callback); },
    render(container, parameters) {
      if (!parameters || parameters.sitekey !== ${JSON.stringify(EMBEDDED_CAPTCHA_SITE_KEY)}) throw new Error('Invalid site key or not loaded in api.js');
      widgets.push(parameters.sitekey);
      return widgets.length - 1;
    },
    async execute(widget, options) {
      const siteKey = typeof widget === 'string' ? widget : widgets[widget ?? 0];
      const response = await fetch(origin + '/captcha/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ sitekey: siteKey, action: (options && options.action) || '' }),
      });
      if (!response.ok) throw new Error('captcha ' + response.status);
      return (await response.json()).token;
    },
  };
  window.grecaptcha = Object.assign({}, api, { enterprise: api });
})();
`;

const tokenRequest = z.object({ sitekey: z.literal(EMBEDDED_CAPTCHA_SITE_KEY), action: z.string().max(100) });

export function embeddedCaptchaRoutes({ siteOrigins, clock }: { siteOrigins: string[]; clock: () => Date }): Hono {
  const app = new Hono();
  app.use('/token', cors({ origin: siteOrigins, allowHeaders: ['Content-Type'], allowMethods: ['POST'], maxAge: 600 }));
  app.get('/api.js', (c) => c.body(SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }));
  app.post('/token', async (c) => {
    const parsed = tokenRequest.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: 'invalid-input-response' }, 400);
    return c.json({ token: issueEmbeddedCaptchaToken(parsed.data.action, clock()) });
  });
  return app;
}
