/**
 * The contact request (POST /shop/contact-requests, multipart): the answer and the call. What is sent and
 * its rules (order, product name, message, files) are in requests/contact.ts.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import type { HttpClient } from './http.ts';
import { SHOP_API_PREFIX } from './iri.ts';

/** POST /shop/contact-requests (201): the request's reference, named in the acknowledgement mail, and the files kept. */
export const contactRequestAnswer = z.object({
  '@type': z.literal('ContactRequest'),
  reference: z.string(),
  createdAt: z.string(),
  files: z.array(z.object({ name: z.string(), size: z.int() })),
});
export type ContactRequestAnswer = z.infer<typeof contactRequestAnswer>;

export function createContactClient(http: HttpClient) {
  return {
    /** POST /shop/contact-requests: the form's fields and files as multipart (the session's customer, if any, is the sender). */
    sendContactRequest: (form: FormData) => http.post(`${SHOP_API_PREFIX}/contact-requests`, { body: form, schema: contactRequestAnswer }),
  };
}
