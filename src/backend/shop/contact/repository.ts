/** The SQL of contact requests and their files (shop.contact_requests, shop.contact_files). */
import type { Queryable } from '../../db/database.ts';
import type { LocaleCode } from '../../../lib/channels.ts';

/** What a request says, as it is kept and as staff read it. */
interface ContactRequest {
  reference: string;
  customerId: number | null;
  email: string;
  name: string | null;
  orderNumber: string | null;
  productName: string | null;
  message: string;
  locale: LocaleCode;
}

interface NewContactRequest extends ContactRequest {
  now: Date;
  files: { name: string; type: string; content: Uint8Array }[];
}

export async function insertContactRequest(q: Queryable, r: NewContactRequest): Promise<void> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO shop.contact_requests (reference, customer_id, email, name, order_number, product_name, message, locale_code, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz) RETURNING id`,
    [r.reference, r.customerId, r.email, r.name, r.orderNumber, r.productName, r.message, r.locale, r.now.toISOString()],
  );
  for (const [position, file] of r.files.entries()) {
    await q.query(
      `INSERT INTO shop.contact_files (request_id, position, file_name, media_type, size, content) VALUES ($1, $2, $3, $4, $5, $6)`,
      [row!.id, position, file.name, file.type, file.content.byteLength, file.content],
    );
  }
}

/** Whether the order number is one of the customer's placed orders. */
export async function isOwnOrder(q: Queryable, customerId: number, number: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM shop.orders WHERE customer_id = $1 AND number = $2', [customerId, number])).length > 0;
}

interface StaffContactRequest extends ContactRequest {
  createdAt: string;
  files: { position: number; name: string; type: string; size: number }[];
}

/** The newest requests first, with their files' names (not their content). */
export async function listContactRequests(q: Queryable, { limit, before }: { limit: number; before: number | null }) {
  const rows = await q.query<{
    id: number;
    reference: string;
    customer_id: number | null;
    email: string;
    name: string | null;
    order_number: string | null;
    product_name: string | null;
    message: string;
    locale_code: LocaleCode;
    created_at: string;
    files: { position: number; name: string; type: string; size: number }[] | string | null;
  }>(
    `SELECT r.id, r.reference, r.customer_id, r.email, r.name, r.order_number, r.product_name, r.message, r.locale_code,
       to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
       (SELECT json_agg(json_build_object('position', f.position, 'name', f.file_name, 'type', f.media_type, 'size', f.size) ORDER BY f.position)
          FROM shop.contact_files f WHERE f.request_id = r.id) AS files
     FROM shop.contact_requests r WHERE ($2::int IS NULL OR r.id < $2::int) ORDER BY r.id DESC LIMIT $1::int`,
    [limit, before],
  );
  return rows.map((r) => ({
    id: r.id,
    request: {
      reference: r.reference,
      customerId: r.customer_id,
      email: r.email,
      name: r.name,
      orderNumber: r.order_number,
      productName: r.product_name,
      message: r.message,
      locale: r.locale_code,
      createdAt: r.created_at,
      // json_agg comes back parsed from one driver and as text from the other.
      files: ((typeof r.files === 'string' ? JSON.parse(r.files) : r.files) ?? []) as StaffContactRequest['files'],
    } satisfies StaffContactRequest,
  }));
}

/** One file of a request, with its content. */
export async function findContactFile(q: Queryable, reference: string, position: number) {
  const [row] = await q.query<{ file_name: string; media_type: string; content: Uint8Array }>(
    `SELECT f.file_name, f.media_type, f.content FROM shop.contact_files f JOIN shop.contact_requests r ON r.id = f.request_id
     WHERE r.reference = $1 AND f.position = $2`,
    [reference, position],
  );
  return row ? { name: row.file_name, type: row.media_type, content: row.content } : null;
}
