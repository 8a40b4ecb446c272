/** Error answers of the content service, Strapi-shaped: `{ data: null, error: { status, name, message, details } }`. */
import type { Context } from 'hono';
import { Problem } from '../problem.ts';

type ErrorName = 'ValidationError' | 'NotFoundError' | 'UnauthorizedError';

export const contentError = (status: number, name: ErrorName, message: string, details?: unknown) =>
  new Problem(status, { data: null, error: { status, name, message, details: details ?? {} } });

export const contentNotFound = (message: string) => contentError(404, 'NotFoundError', message);

/** The request's JSON body; a body that is not JSON is the caller's mistake, said with `message` (400). */
export async function jsonBody(c: Context, message: string): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw contentError(400, 'ValidationError', message);
  }
}

/**
 * What the platform answers outside the shop for an error no handler turned into a problem: a malformed
 * percent-escape in a path is the client's fault, not ours; anything else is logged and answered without details.
 */
export function unexpectedContentError(error: unknown): Problem {
  if (error instanceof URIError)
    return new Problem(400, { data: null, error: { status: 400, name: 'ValidationError', message: 'Malformed URL' } });
  console.error(error);
  return new Problem(500, { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } });
}
