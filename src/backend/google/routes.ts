/**
 * The embedded Google sign-in at /google, outside production only: its keys (/google/oauth2/v3/certs, the
 * shape of https://www.googleapis.com/oauth2/v3/certs) and an authorisation page
 * (/google/o/oauth2/v2/auth) that works like Google's implicit flow (response_type=id_token): the tester
 * types the e-mail and names of the "Google account", and the page sends the browser back to the site with
 * `#id_token=…&state=…`. Like Google, it sends tokens only to a site of the shop (redirect_uri) and only
 * for the shop's client id.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { escapeHtml } from '../mail/outbox.ts';
import { embeddedGoogleKeys, issueEmbeddedIdToken } from './embedded.ts';

const authorisation = z.object({
  client_id: z.string().min(1).max(200),
  redirect_uri: z.url({ protocol: /^https?$/ }).max(2000),
  response_type: z.literal('id_token'),
  scope: z.string().max(200).optional(),
  nonce: z.string().max(200).optional(),
  state: z.string().max(2000).optional(),
  prompt: z.string().max(100).optional(),
});
type Authorisation = z.infer<typeof authorisation>;

const account = z.object({
  email: z.email().max(255),
  given_name: z.string().trim().max(255).optional(),
  family_name: z.string().trim().max(255).optional(),
});

const page = (title: string, body: string) => `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.75rem 0 .25rem}
input{box-sizing:border-box;width:100%;padding:.6rem;font:inherit}button{margin-top:1rem;padding:.7rem 1.2rem;font:inherit}</style>
</head><body>${body}</body></html>`;

const refusal = (c: Context, error: string) =>
  c.html(
    page(
      'Erreur · Fout',
      `<h1>Erreur 400\u00A0: ${escapeHtml(error)}</h1><p>Connexion Google simulée (plateforme intégrée) · Gesimuleerde Google-aanmelding (ingebouwd platform).</p>`,
    ),
    400,
  );

export function embeddedGoogleRoutes({
  clientId,
  siteOrigins,
  clock,
}: {
  clientId: string;
  siteOrigins: string[];
  clock: () => Date;
}): Hono {
  const app = new Hono();
  /** The request's own error, as Google names it, or null when the site may get a token. */
  const problemOf = (request: Authorisation): string | null => {
    if (request.client_id !== clientId) return 'invalid_client';
    // Only the shop's sites: any other page would receive a token that signs in as the tester's account.
    if (!siteOrigins.includes(new URL(request.redirect_uri).origin)) return 'redirect_uri_mismatch';
    return null;
  };

  app.get('/oauth2/v3/certs', async (c) => c.json((await embeddedGoogleKeys()).jwks, 200, { 'Cache-Control': 'public, max-age=3600' }));

  app.get('/o/oauth2/v2/auth', (c) => {
    const parsed = authorisation.safeParse(c.req.query());
    if (!parsed.success) return refusal(c, 'invalid_request');
    const problem = problemOf(parsed.data);
    if (problem) return refusal(c, problem);
    const hidden = Object.entries(parsed.data)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(String(value))}">`)
      .join('');
    return c.html(
      page(
        'Connexion avec Google (simulée) · Aanmelden met Google (gesimuleerd)',
        `<h1>Connexion avec Google · Aanmelden met Google</h1>
<p>Compte Google simulé par la plateforme intégrée\u00A0: aucun appel ne quitte la machine.</p>
<p lang="nl">Google-account gesimuleerd door het ingebouwde platform: er verlaat geen enkele oproep deze machine.</p>
<form method="post">${hidden}
<label for="email">Adresse e-mail · E-mailadres</label><input id="email" name="email" type="email" required autocomplete="email">
<label for="given_name">Prénom · Voornaam</label><input id="given_name" name="given_name" autocomplete="given-name">
<label for="family_name">Nom · Achternaam</label><input id="family_name" name="family_name" autocomplete="family-name">
<button type="submit">Continuer · Doorgaan</button></form>`,
      ),
    );
  });

  app.post('/o/oauth2/v2/auth', async (c) => {
    const form = Object.fromEntries(Object.entries(await c.req.parseBody()).filter(([, value]) => typeof value === 'string'));
    const request = authorisation.safeParse(form);
    const person = account.safeParse(form);
    if (!request.success || !person.success) return refusal(c, 'invalid_request');
    const problem = problemOf(request.data);
    if (problem) return refusal(c, problem);
    const token = await issueEmbeddedIdToken({
      clientId,
      email: person.data.email,
      givenName: person.data.given_name,
      familyName: person.data.family_name,
      nonce: request.data.nonce,
      now: clock(),
    });
    const fragment = new URLSearchParams({ id_token: token, ...(request.data.state !== undefined ? { state: request.data.state } : {}) });
    return c.redirect(`${request.data.redirect_uri.split('#')[0]}#${fragment}`, 303);
  });
  return app;
}
