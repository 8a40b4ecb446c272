/**
 * The sites' security headers as a browser gets them, and the CSP check every spec runs under
 * (helpers.ts): it must see a violation and fail the test that caused it.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, homeOf, target, test, EACH_SITE } from './helpers.ts';

/** Adds an inline script the way an injection would: the page's policy must refuse to run it. */
const injectInlineScript = (page: Page) =>
  page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });

test('pages carry the security headers and a script policy without unsafe-inline', EACH_SITE, async ({ page }, info) => {
  const response = await page.goto(homeOf(info));
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  const policy = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
  const scriptSrc = policy!
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '));
  expect(scriptSrc).toMatch(/'sha256-/);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
});

test('every built page allows its own inline scripts and style sheets by hash, and no other', EACH_SITE, async ({}, info) => {
  // The browser checks the pages the other specs visit; this covers every page of the build.
  const site = join(target.distDir, info.project.name);
  const pages = readdirSync(site, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  expect(pages.length).toBeGreaterThan(50);
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const missing: string[] = [];
  for (const file of pages) {
    const html = readFileSync(join(site, file), 'utf8');
    const policy = /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
    const directive = (name: string) =>
      policy
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([n]) => n === name)
        ?.slice(1) ?? [];
    const scripts = directive('script-src');
    const styles = directive('style-src');
    if (!scripts.includes("'self'") || scripts.some((s) => s === "'unsafe-inline'" || s === "'unsafe-eval'"))
      missing.push(`${file}: script-src ${scripts.join(' ')}`);
    if (styles.includes("'unsafe-inline'")) missing.push(`${file}: style-src ${styles.join(' ')}`);
    // Executable inline scripts (JSON-LD is data, which no policy governs).
    for (const [, body] of html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)) {
      if (!scripts.includes(hash(body!))) missing.push(`${file}: inline script ${body!.slice(0, 60)}`);
    }
    for (const [, body] of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) {
      if (!styles.includes(hash(body!))) missing.push(`${file}: inline style ${body!.slice(0, 60)}`);
    }
  }
  expect(missing).toEqual([]);
});

test('the CSP check records an injected inline script, which the policy blocked', async ({ page, cspViolations }, info) => {
  await page.goto(homeOf(info));
  expect(await injectInlineScript(page)).toBe(false);
  await expect.poll(() => cspViolations.join('\n')).toMatch(/script-src/);
  // Emptied, so that this test passes; the next one shows the check failing a test.
  cspViolations.length = 0;
});

test('the CSP check fails a test whose page breaks the policy', async ({ page, cspViolations }, info) => {
  // The body is the previous test's, which passes: what fails this one is the check at its end.
  test.fail(true, 'an inline script injected on purpose must fail the test');
  await page.goto(homeOf(info));
  expect(await injectInlineScript(page)).toBe(false);
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
});
