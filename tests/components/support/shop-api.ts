/**
 * The shop API as an island sees it, on `fetch`: the calls a test answers (JSON-LD, as the platform
 * writes them), and the ways a real network fails them, one call at a time: unreachable (fetch rejects,
 * as a browser does when no answer comes), a 500 in the API's error format, or an answer held until the
 * test has looked at the pending state. Every call is counted, so a second submission shows.
 */
import { vi } from 'vitest';
import { PUBLIC_SHOP_API_URL } from './astro-env.ts';

type Answer = { status: number; body?: unknown };
type Handler = (request: { body: unknown; url: URL }) => Answer | Promise<Answer>;
interface Route {
  method: string;
  path: RegExp;
  handle: Handler;
}

const json = (answer: Answer) =>
  new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'content-type': 'application/ld+json' },
  });

/** The platform's answer to a failure it did not expect (its error format, as tests/e2e made it). */
const SERVER_ERROR: Answer = {
  status: 500,
  body: {
    '@context': '/api/v2/contexts/Error',
    '@type': 'hydra:Error',
    'hydra:title': 'An error occurred',
    'hydra:description': 'Internal Server Error',
  },
};

export function fakeShopApi() {
  const answers: Route[] = [];
  let failures: Route[] = [];
  const sent: Array<{ method: string; path: string }> = [];

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== new URL(PUBLIC_SHOP_API_URL).origin) throw new TypeError(`Failed to fetch (${url.href}: not the shop API)`);
    const text = request.method === 'GET' ? '' : await request.text();
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    sent.push({ method: request.method, path: url.pathname });
    const matching = (routes: Route[]) => routes.find((r) => r.method === request.method && r.path.test(url.pathname));
    const route = matching(failures) ?? matching(answers);
    if (!route)
      return json({
        status: 404,
        body: { '@type': 'hydra:Error', 'hydra:description': `No answer for ${request.method} ${url.pathname}` },
      });
    return json(await route.handle({ body, url }));
  });

  return {
    fetch,
    /** How the API answers a call while nothing fails it. */
    answer(method: string, path: RegExp, handle: Handler) {
      answers.unshift({ method, path, handle });
    },
    /** The call gets no answer at all. */
    unreachable(method: string, path: RegExp) {
      failures.push({
        method,
        path,
        handle: () => {
          throw new TypeError('Failed to fetch');
        },
      });
    },
    /** The call answers 500. */
    serverError(method: string, path: RegExp) {
      failures.push({ method, path, handle: () => SERVER_ERROR });
    },
    /** The call is held until `release()`; `arrived` resolves once the first one was sent. */
    hold(method: string, path: RegExp) {
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let arrived!: () => void;
      const first = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const handle: Handler = async (request) => {
        arrived();
        await released;
        failures = failures.filter((route) => route.handle !== handle);
        const normal = answers.find((r) => r.method === method && r.path.test(request.url.pathname));
        return normal ? normal.handle(request) : { status: 404 };
      };
      failures.push({ method, path, handle });
      return { release, arrived: first };
    },
    /** Every failure lifted: the API answers again. */
    heal() {
      failures = [];
    },
    /** How many calls were sent with this method to a path matching. */
    count: (method: string, path: RegExp) => sent.filter((call) => call.method === method && path.test(call.path)).length,
  };
}
export type FakeShopApi = ReturnType<typeof fakeShopApi>;
