// Settings → Webhooks in Chromium on a 360 px phone, as a shop's developer
// uses it: add the address, open its secret, send a test event, see it
// delivered in the log; the pages stay usable at that width.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setPassword } from '../../src/domain/set-password.ts';
import { deliverDueWebhooks } from '../../src/domain/deliver-webhooks.ts';
import { TEST_PASSWORD } from '../support/browser-session.ts';
import { chromiumMissing, openContext, shoot, signIn } from '../support/chromium.ts';
import { makeStore } from '../support/factories.ts';
import { servedInChromium } from '../support/served-in-chromium.ts';
import { signatureValid, startWebhookReceiver } from '../support/webhook-receiver.ts';

const served = servedInChromium();

test('a store adds a webhook address, reads its secret, sends a test event and sees it delivered', { skip: chromiumMissing }, async () => {
  const receiver = await startWebhookReceiver();
  try {
    const { account } = await makeStore(served.t.deps);
    assert.ok((await setPassword(served.t.deps, account, TEST_PASSWORD)).ok);
    const context = await openContext(served.browser, served.origin, { width: 'phone' });
    const page = await signIn(context, account);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByLabel('Address (https://…)').fill(receiver.url);
    await page.getByLabel('Description').fill('Till');
    await page.getByLabel('sale.recorded').check();
    await shoot(page, 'portal-webhooks');
    await page.getByRole('button', { name: 'Add an address' }).click();
    await page.getByText('The address is added.').waitFor();

    await page.getByText('Show the secret').click();
    const secret = (await page.locator('#webhook-secret').textContent())?.trim() ?? '';
    assert.match(secret, /^whsec_/);
    await page.getByRole('button', { name: 'Send a test event' }).click();
    await page.getByText('A test event is on its way').waitFor();
    await deliverDueWebhooks(served.t.deps);
    await page.reload();
    await page.getByText('Delivered').waitFor();
    await shoot(page, 'portal-webhook');
    assert.ok(signatureValid(receiver.received[0], secret, { nowSeconds: served.t.clock.now().getTime() / 1000 }));
    await context.close();
  } finally {
    await receiver.close();
  }
});
