// Automated accessibility checks (axe-core, WCAG 2 A and AA rules) on key screens, at desktop and phone widths:
// no critical or serious violation.
import axe from 'axe-core';
import type { Page } from '@playwright/test';
import { demo, expect, loginAs, test, type DemoAccount } from './fixtures';

// axe is injected as an inline script, which the app's Content-Security-Policy rightly refuses; the policy itself is
// checked in content-security-policy.spec.ts.
test.use({ bypassCSP: true });

const demoOrganisationId = '019a0000-0000-7000-8000-000000000001';
const customerCareId = '019a0000-0000-7000-8000-000000000301';

/** The critical and serious violations axe finds on the page as it is now: rule, impact and where. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axe.source });
  const results = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] } }),
  );
  return results.violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

const screens: { name: string; account: DemoAccount; path: string; ready: string }[] = [
  { name: 'home', account: demo.supervisor, path: '/', ready: 'Home' },
  { name: 'agent home', account: demo.agent, path: '/', ready: 'Home' },
  {
    name: 'campaign dashboard',
    account: demo.supervisor,
    path: `/campaigns/${customerCareId}`,
    ready: 'Customer Care',
  },
  {
    name: 'campaign settings',
    account: demo.supervisor,
    path: `/campaigns/${customerCareId}/settings`,
    ready: 'Campaign settings · Customer Care',
  },
  {
    name: 'organisation users',
    account: demo.admin,
    path: `/organisations/${demoOrganisationId}/users`,
    ready: 'Demo Contact Center',
  },
  { name: 'usage', account: demo.supervisor, path: '/usage', ready: 'Usage' },
  { name: 'profile', account: demo.agent, path: '/profile', ready: 'Profile' },
  {
    name: 'chats upload',
    account: demo.supervisor,
    path: `/campaigns/${customerCareId}/chats/upload`,
    ready: 'Upload chats',
  },
  {
    name: 'conversation list',
    account: demo.supervisor,
    path: `/campaigns/${customerCareId}/conversations`,
    ready: 'Conversations · Customer Care',
  },
  {
    name: 'evaluation grid',
    account: demo.supervisor,
    path: `/campaigns/${customerCareId}/evaluation`,
    ready: 'Evaluation grid · Customer Care',
  },
  {
    name: 'validation statistics',
    account: demo.supervisor,
    path: `/campaigns/${customerCareId}/validation-stats`,
    ready: 'Validation statistics · Customer Care',
  },
  {
    name: 'evaluation updates',
    account: demo.supervisor,
    path: `/campaigns/${customerCareId}/items/019a0000-0000-7000-8000-000000001022/evaluation-updates`,
    ready: 'Evaluation updates · Explains the cause',
  },
  {
    name: 'new coaching plan',
    account: demo.supervisor,
    path: '/coaching?agent=019a0000-0000-7000-8000-000000000201&plan=new',
    ready: 'Coaching',
  },
];

for (const width of [1440, 390]) {
  for (const screen of screens) {
    test(`${screen.name} at ${width} px has no critical or serious accessibility violation`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await loginAs(page, screen.account, { path: screen.path });
      await expect(page.getByRole('heading', { level: 1, name: screen.ready })).toBeVisible();
      // Dashboards ask for several graphs at once: on a busy machine they may take more than the default 5 s.
      await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0, {
        timeout: 20_000,
      });
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}
