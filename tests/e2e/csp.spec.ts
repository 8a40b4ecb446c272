/**
 * The sites' security headers as a browser gets them, and the CSP check every spec runs under
 * (helpers.ts): it must see a violation and fail the test that caused it.
 */
import type { Page } from '@playwright/test';
import { expect, homeOf, test } from './helpers.ts';

/** Adds an inline script the way an injection would: the page's policy must refuse to run it. */
const injectInlineScript = (page: Page) => page.evaluate(() => {
  const script = document.createElement('script');
  script.textContent = 'window.__injected = true;';
  document.body.append(script);
  return (window as unknown as { __injected?: boolean }).__injected === true;
});

test('pages carry the security headers and a script policy without unsafe-inline', async ({ page }, info) => {
  const response = await page.goto(homeOf(info));
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  const policy = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
  const scriptSrc = policy!.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src '));
  expect(scriptSrc).toMatch(/'sha256-/);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
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
