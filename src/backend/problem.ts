/**
 * One error style for the whole platform: a handler that cannot answer throws a `Problem` (status, body
 * and headers, already in the shape its service speaks), and the one error handler of the platform
 * (app.ts) writes it. Each service builds its own problems: the shop's in shop/shared/errors.ts, the
 * content service's in content/errors.ts.
 */
export class Problem extends Error {
  readonly status: number;
  readonly body: object;
  readonly headers: Record<string, string>;
  constructor(status: number, body: object, headers: Record<string, string> = {}) {
    super(`HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }

  /** The same problem with more headers (Retry-After…). */
  withHeaders(headers: Record<string, string>): Problem {
    return new Problem(this.status, this.body, { ...this.headers, ...headers });
  }

  toResponse(): Response {
    return new Response(JSON.stringify(this.body), {
      status: this.status,
      headers: { 'Content-Type': 'application/json', ...this.headers },
    });
  }
}
