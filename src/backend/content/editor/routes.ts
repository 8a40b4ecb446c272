/**
 * The editor API (src/lib/content/editor.ts for its shape): Strapi 5's REST writes under /content/api,
 * with a Bearer token (CONTENT_EDITOR_TOKEN), Strapi's error shape, and a webhook after each write.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { editorBodies, editorEnvelope, editorKinds, entryId, modelOf, type EditorKind } from '../../../lib/content/editor.ts';
import type { RebuildEvent } from '../../../lib/content/webhook.ts';
import type { Language } from '../../../lib/channels.ts';
import type { Database } from '../../db/database.ts';
import { contentError, contentNotFound, jsonBody } from '../errors.ts';
import { createEntry, findEditorEntry, setPublished, updateEntry, type EditorCreate } from './repository.ts';
import type { WebhookSender } from './webhooks.ts';
import { readSiteSetting, siteSettingUpdate, writeSiteSetting } from '../site-setting.ts';
import { sameSecret } from '../../secrets.ts';

const editorLocale = z
  .enum(['fr_FR', 'fr_BE', 'nl_BE', 'fr', 'nl'])
  .default('fr')
  .transform((l): Language => (l.startsWith('nl') ? 'nl' : 'fr'));

const validationError = (issues: z.core.$ZodIssue[], prefix: string[] = []) =>
  contentError(400, 'ValidationError', issues.map((i) => `${[...prefix, ...i.path].join('.') || 'data'}: ${i.message}`).join('; '), {
    errors: issues.map((i) => ({ path: [...prefix, ...i.path], message: i.message, name: 'ValidationError' })),
  });

export function editorRoutes(db: Database, options: { token?: string; webhooks: WebhookSender }): Hono {
  const app = new Hono();

  app.use('*', async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    if (!options.token || !header.startsWith('Bearer ') || !sameSecret(header.slice(7), options.token))
      throw contentError(401, 'UnauthorizedError', 'Missing or invalid credentials');
    await next();
  });

  const kindOf = (c: Context): EditorKind => {
    const kind = editorKinds.find((k) => k === c.req.param('kind'));
    if (!kind) throw contentNotFound('Not Found');
    return kind;
  };
  const idOf = (c: Context): string => {
    const id = entryId.safeParse(c.req.param('id'));
    if (!id.success) throw contentNotFound('Not Found');
    return id.data;
  };
  const languageOf = (c: Context): Language => {
    const locale = editorLocale.safeParse(c.req.query('locale'));
    if (!locale.success) throw validationError(locale.error.issues, ['locale']);
    return locale.data;
  };
  const dataOf = async <T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> => {
    const envelope = editorEnvelope.safeParse(await jsonBody(c, 'The body is not JSON'));
    if (!envelope.success) throw validationError(envelope.error.issues);
    const data = schema.safeParse(envelope.data.data);
    if (!data.success) throw validationError(data.error.issues, ['data']);
    return data.data;
  };
  /** Answers the entry as it now is, and tells the receivers. */
  const answer = async (c: Context, kind: EditorKind, id: string, language: Language, event: RebuildEvent, status: 200 | 201 = 200) => {
    const entry = await findEditorEntry(db, kind, id, language);
    if (!entry) throw contentNotFound('Not Found');
    options.webhooks.send(event, modelOf[kind], entry);
    return c.json({ data: entry, meta: {} }, status);
  };

  // The site's settings (site-setting.ts), a single type read by the running platform: no webhook, as no
  // page needs building again.
  app.get('/site-setting', async (c) => c.json({ data: await readSiteSetting(db), meta: {} }));
  app.put('/site-setting', async (c) => {
    await writeSiteSetting(db, await dataOf(c, siteSettingUpdate));
    return c.json({ data: await readSiteSetting(db), meta: {} });
  });

  app.post('/:kind', async (c) => {
    const kind = kindOf(c);
    const language = languageOf(c);
    if (kind === 'menus')
      throw contentError(400, 'ValidationError', 'Menus are single types: update them with PUT /content/api/menus/<header|footer>');
    const data = (await dataOf(c, editorBodies[kind].create)) as EditorCreate;
    const id = await createEntry(db, kind, language, data);
    return answer(c, kind, id, language, 'entry.create', 201);
  });

  app.put('/:kind/:id', async (c) => {
    const kind = kindOf(c);
    const id = idOf(c);
    const language = languageOf(c);
    const data = await dataOf(c, editorBodies[kind].update);
    if (Object.keys(data).length === 0) throw contentError(400, 'ValidationError', 'data: nothing to change');
    await updateEntry(db, kind, id, language, data);
    return answer(c, kind, id, language, 'entry.update');
  });

  app.post('/:kind/:id/actions/:action{publish|unpublish}', async (c) => {
    const kind = kindOf(c);
    const id = idOf(c);
    const language = languageOf(c);
    const publish = c.req.param('action') === 'publish';
    await setPublished(db, kind, id, language, publish);
    return answer(c, kind, id, language, publish ? 'entry.publish' : 'entry.unpublish');
  });

  return app;
}
