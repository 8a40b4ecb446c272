/** The platform's HTTP server: Hono's Node adapter with the socket timeouts a server behind a proxy needs. */
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';

/**
 * How long an idle kept-alive connection stays open. Node closes one after 5 s; the proxies put in front of
 * the platform (load balancers, nginx, a CDN's origin pool) keep theirs about 60 s and send the next request
 * on it without knowing the server gave up: that request is reset and the shopper gets a 502. The server
 * must hold an idle connection longer than any proxy, so the proxy is always the one to close it.
 */
const KEEP_ALIVE_MS = 65_000;

interface PlatformServerOptions {
  fetch: Parameters<typeof serve>[0]['fetch'];
  port: number;
  hostname: string;
  /** Longer for a test server whose client keeps its sockets for the whole run. */
  keepAliveMs?: number;
}

export function servePlatform({ fetch, port, hostname, keepAliveMs = KEEP_ALIVE_MS }: PlatformServerOptions): Server {
  const server = serve({ fetch, port, hostname }) as Server;
  server.keepAliveTimeout = keepAliveMs;
  // The time allowed for a request's headers counts from the connection's last request: below the
  // keep-alive time, a connection reused late would be cut while its next request is read.
  server.headersTimeout = keepAliveMs + 1_000;
  return server;
}
