/**
 * POST /shop/contact-requests: the contact form, anonymous or signed in, as multipart/form-data (or JSON
 * without files). Fields: orderId (a signed-in shopper's own order number), productName, message, and for
 * an anonymous shopper email (required) and name; files under `files[]` (or `files`).
 *
 * Each file is checked by extension and type, by its first bytes where that is cheap, and by size; all of
 * them together and their number too (lib/shop-api/requests/contact.ts says the numbers). Every broken rule
 * is answered at once, one violation per field (`files[2]` for the third file). The request and its files
 * are kept in the database, never in a web root; the shopper gets an acknowledgement, the customer service a
 * notice, and staff read them on the operator API (operator/routes.ts). Rate-limited per address and e-mail.
 */
import { Hono } from 'hono';
import { channelOf, languageOf, siteUrlOf } from '../../../lib/channels.ts';
import { pathTo } from '../../../lib/routes/paths.ts';
import { CONTACT_FILES, contactFileProblem, contactRequestFor, extensionOf, megabytes } from '../../../lib/shop-api/requests/contact.ts';
import { SHOP_API_PREFIX } from '../../../lib/shop-api/iri.ts';
import type { Violation } from '../../../lib/shop-api/errors.ts';
import { sendMail } from '../../mail/outbox.ts';
import { badRequest, tooManyRequests, violation, violationList } from '../shared/errors.ts';
import { checkFields, ld, readJson } from '../shared/request.ts';
import type { ShopContext, ShopDeps, ShopEnv } from '../shared/deps.ts';
import { tooManyRequestsMessage } from '../shared/messages.ts';
import { readableCode } from '../shared/random.ts';
import { countAll, emailKey } from '../limits/store.ts';
import { optionalCustomer } from '../sessions/access.ts';
import { canonicalEmail } from '../shared/email.ts';
import { findCustomer } from '../customers/repository.ts';
import { bytesMatch } from './files.ts';
import { acknowledgementMail, customerServiceMail } from '../../mail/templates/contact.ts';
import { insertContactRequest, isOwnOrder } from './repository.ts';

/** The most a contact request's body may weigh: its files and some room for the fields and the multipart frame. */
export const CONTACT_BODY_MAX_BYTES = CONTACT_FILES.maxTotalBytes + 1024 * 1024;

const FILE_FIELDS = ['files[]', 'files'];

/** A file name as staff will see it: one line, no path, at most 200 characters. */
const cleanName = (name: string): string =>
  (name.split(/[\\/]/).pop() ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(-200) || 'fichier';

/** The fields and the files of the body: multipart (a browser's form) or JSON (no files). */
async function readContactBody(c: ShopContext): Promise<{ fields: Record<string, unknown>; files: unknown[] }> {
  if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) return { fields: await readJson(c), files: [] };
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw badRequest('Malformed multipart body');
  }
  const files = FILE_FIELDS.flatMap((name) => (name in form ? [form[name]].flat() : []));
  const fields = Object.fromEntries(Object.entries(form).filter(([name]) => !FILE_FIELDS.includes(name)));
  return { fields, files };
}

type Checked = { name: string; type: string; content: Uint8Array };

/** The files kept, or the violations of those that cannot be. */
async function checkFiles(c: ShopContext, files: unknown[]): Promise<{ files: Checked[]; violations: Violation[] }> {
  const lang = c.get('lang');
  const violations: Violation[] = [];
  if (files.length > CONTACT_FILES.maxFiles)
    return { files: [], violations: [violation(lang, { path: 'files', code: 'TOO_MANY_FILES', params: { max: CONTACT_FILES.maxFiles } })] };
  const checked: Checked[] = [];
  for (const [index, file] of files.entries()) {
    const path = `files[${index}]`;
    if (!(file instanceof File)) {
      violations.push(violation(lang, { path, code: 'INVALID_TYPE' }));
      continue;
    }
    const name = cleanName(file.name);
    const problem = contactFileProblem({ name, type: file.type, size: file.size });
    if (problem) {
      violations.push(violation(lang, { path, code: problem }));
      continue;
    }
    const content = new Uint8Array(await file.arrayBuffer());
    if (!bytesMatch(extensionOf(name), content)) violations.push(violation(lang, { path, code: 'FILE_TYPE_NOT_SUPPORTED' }));
    else checked.push({ name, type: file.type.split(';')[0]!.trim().toLowerCase() || 'application/octet-stream', content });
  }
  const total = checked.reduce((sum, f) => sum + f.content.byteLength, 0);
  if (total > CONTACT_FILES.maxTotalBytes)
    violations.push(violation(lang, { path: 'files', code: 'FILES_TOO_LARGE', params: { max: megabytes(CONTACT_FILES.maxTotalBytes) } }));
  return { files: checked, violations };
}

export function contactRoutes(deps: ShopDeps): Hono<ShopEnv> {
  const { db } = deps;
  const app = new Hono<ShopEnv>();

  app.post('/contact-requests', async (c) => {
    const lang = c.get('lang');
    const customerId = await optionalCustomer(c, deps);
    const customer = customerId === null ? null : await findCustomer(db, customerId);
    const body = await readContactBody(c);
    const fields = checkFields(c, contactRequestFor(customer === null), body.fields);
    const files = await checkFiles(c, body.files);
    const violations = [...(fields.success ? [] : fields.violations), ...files.violations];
    if (fields.success && customer && fields.data.orderId && !(await isOwnOrder(db, customer.id, fields.data.orderId)))
      violations.push(violation(lang, { path: 'orderId', code: 'ORDER_NOT_FOUND' }));
    if (!fields.success || violations.length > 0) throw violationList(violations);
    const data = fields.data;
    const email = customer?.email ?? data.email!;
    const name = customer ? `${customer.first_name} ${customer.last_name}` : (data.name ?? null);

    // Counted once the request is valid: a typo costs no try. Per address (one machine, many e-mails) and
    // per e-mail (the acknowledgement's mailbox).
    const limit = await countAll([
      [deps.limits.contactAddress, c.get('clientAddress')],
      [deps.limits.contactEmail, emailKey(canonicalEmail(email))],
    ]);
    if (!limit.allowed) throw tooManyRequests(tooManyRequestsMessage(lang, 'contact', limit.retryAfterSeconds), limit.retryAfterSeconds);

    const now = deps.clock();
    const locale = c.get('locale');
    const reference = readableCode('C', 8);
    const request = {
      reference,
      customerId: customer?.id ?? null,
      email,
      name,
      orderNumber: data.orderId ?? null,
      productName: data.productName ?? null,
      message: data.message,
      locale,
      now,
      files: files.files,
    };
    const site = siteUrlOf(channelOf(locale).code, deps.env);
    const staffUrl = `${deps.env.SHOP_API_URL ?? new URL(c.req.url).origin}/operator/contact-requests`;
    await db.transaction(async (tx) => {
      await insertContactRequest(tx, request);
      await sendMail(
        tx,
        acknowledgementMail(languageOf(locale), email, customer?.first_name ?? data.name ?? '', reference, site + pathTo('faq', locale)),
        now,
      );
      const kept = files.files.map((f) => ({ name: f.name, size: f.content.byteLength }));
      await sendMail(
        tx,
        customerServiceMail(deps.config.customerServiceEmail, { ...request, language: languageOf(locale), files: kept }, staffUrl),
        now,
      );
    });
    return ld(
      c,
      {
        '@context': '/api/v2/contexts/ContactRequest',
        '@id': `${SHOP_API_PREFIX}/contact-requests/${reference}`,
        '@type': 'ContactRequest',
        reference,
        createdAt: now.toISOString(),
        files: files.files.map((f) => ({ name: f.name, size: f.content.byteLength })),
      },
      201,
    );
  });

  return app;
}
