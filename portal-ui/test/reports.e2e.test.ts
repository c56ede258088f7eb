import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import {
  CLIENT_ERRORS_PATH,
  type TClientErrorReport,
} from '@stageplein/contracts/errors/client-error-report';
import { translate } from '@stageplein/contracts/i18n/index';
import { ACCESSIBILITY_STATEMENT_PATH } from '@stageplein/contracts/routes/route-manifest';
import { BROWSER_ERROR_SPAN } from '@stageplein/kit/telemetry/browser-errors';
import { startTelemetry, type TTelemetry } from '@stageplein/kit/telemetry/telemetry';
import {
  demo,
  DESKTOP,
  expectAccessible,
  openPage,
  openPortal,
  PHONE,
  signIn,
  startStack,
  type TStack,
} from './stack.ts';

/** Issue #13 items 4 and 5: the accessibility statement, and browser errors that reach someone. */
const exporter = new InMemorySpanExporter();
let telemetry: TTelemetry;
let stack: TStack;
beforeAll(async () => {
  telemetry = startTelemetry({ serviceName: 'reports-e2e', exporter });
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
  await telemetry?.shutdown();
});

describe('browser error reports', () => {
  it('a page error in the portal reaches the gateway, scrubbed, in the page’s trace', async () => {
    const { page, problems, context } = await openPortal(stack);
    const traceparents: string[] = [];
    page.on('request', (r) => {
      const header = r.headers().traceparent;
      if (header && new URL(r.url()).pathname !== CLIENT_ERRORS_PATH) traceparents.push(header);
    });
    await page.goto(stack.url('raayland', '/inloggen'));
    await page.getByTestId('login-form').waitFor();
    // A failed sign-in is a 401 (not reported, spec §8), but it is an API call carrying the page's trace.
    await page.getByLabel(/E-mailadres/).fill('nobody@raayland.test');
    await page.getByLabel(/^Wachtwoord/).fill('wrong-password');
    const signInAnswer = page.waitForResponse((r) => r.url().includes('/auth/sign_in'));
    await page.getByTestId('login-submit').click();
    expect((await signInAnswer).status()).toBe(401);

    const reported = page.waitForResponse(
      (r) => new URL(r.url()).pathname === CLIENT_ERRORS_PATH && r.request().method() === 'POST',
    );
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e failure for student@raayland.test at /confirm?confirmation_token=abc');
      }, 0);
    });
    const response = await reported;
    expect(response.status()).toBe(202);
    const sent = response.request().postDataJSON() as TClientErrorReport;
    const { attributes } = sent.data;
    expect(attributes).toMatchObject({
      app: 'portal',
      kind: 'error',
      name: 'Error',
      message: 'e2e failure for [email] at /confirm?confirmation_token=[scrubbed]',
    });
    // Every API call of the page carried the same trace id as the report.
    expect(traceparents.length).toBeGreaterThan(0);
    for (const header of traceparents) expect(header.split('-')[1]).toBe(attributes.trace_id);
    // Only 4xx was the sign-in's own 401, which is not reported.
    const reports = await page.evaluate(
      () => (window as { __stagepleinErrors?: { status?: number }[] }).__stagepleinErrors ?? [],
    );
    expect(reports.map((r) => r.status)).toEqual([undefined]);

    // The gateway recorded it as a span in that trace, next to its own request spans.
    const spans = exporter.getFinishedSpans();
    const recorded = spans.find(
      (s) => s.name === BROWSER_ERROR_SPAN && s.spanContext().traceId === attributes.trace_id,
    );
    expect(recorded?.events.find((e) => e.name === 'exception')?.attributes?.['exception.message']).toBe(
      attributes.message,
    );
    expect(
      spans.some((s) => s.name === 'POST /auth/sign_in' && s.spanContext().traceId === attributes.trace_id),
    ).toBe(true);

    expect(problems.filter((p) => !p.includes('e2e failure'))).toEqual([
      expect.stringMatching(/^401 .*\/auth\/sign_in$/),
    ]);
    await context.close();
  });
});

describe('the accessibility statement', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`is linked from the portal footer and axe-clean at ${viewport.width} px`, async () => {
      const { page, problems, context } = await openPortal(stack, { viewport });
      await page.goto(stack.url('raayland', '/'));
      const link = page.getByTestId('footer').getByTestId('footer-accessibility');
      expect(await link.textContent()).toBe(translate('nl', 'routes.accessibility'));
      await link.click();
      await page.waitForURL(new RegExp(`${ACCESSIBILITY_STATEMENT_PATH}$`));
      await page.getByTestId('accessibility-statement').waitFor();
      expect(await page.getByTestId('page-title').textContent()).toBe(
        translate('nl', 'routes.accessibility'),
      );
      const text = (await page.getByTestId('accessibility-statement').textContent()) ?? '';
      for (const key of [
        'status',
        'how.axe',
        'how.keyboard',
        'how.phone',
        'how.contrast',
        'exceptions.automated',
      ])
        expect(text, key).toContain(translate('nl', `portal.accessibility.${key}`));
      expect(text).toContain('raayland.localhost');
      await expectAccessible(page, `accessibility statement ${viewport.width}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('is in English when the language is English, also when loaded directly', async () => {
    const { page, problems, context } = await openPortal(stack, { locale: 'en-GB' });
    await page.goto(stack.url('demo', ACCESSIBILITY_STATEMENT_PATH));
    await page.getByTestId('accessibility-statement').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe(translate('en', 'routes.accessibility'));
    expect(await page.getByTestId('accessibility-status').textContent()).toBe(
      translate('en', 'portal.accessibility.status'),
    );
    expect(await page.title()).toMatch(/^Accessibility statement - /);
    await expectAccessible(page, 'accessibility statement en');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is linked from the back office’s footer', async () => {
    const { page, context } = await openPage(stack);
    await signIn(page, stack, 'demo', demo('admin', 'demo'));
    await page.goto(stack.url('demo', '/beheer'));
    const link = page.getByTestId('admin-footer').getByTestId('footer-accessibility');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(ACCESSIBILITY_STATEMENT_PATH);
    await link.click();
    await page.getByTestId('accessibility-statement').waitFor();
    await context.close();
  });
});
