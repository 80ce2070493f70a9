import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CertificatePayload } from '../../src/certificates/payload.ts';
import { renderCertificateDocx } from '../../src/certificates/render-certificate-docx.ts';
import { renderCertificatePdf } from '../../src/certificates/render-certificate-pdf.ts';
import { renderCertificatePng } from '../../src/certificates/render-certificate-png.ts';
import { listMegiahDecisions } from '../../src/domain/list-megiah-decisions.ts';
import { listVerificationQueue } from '../../src/domain/list-verification-queue.ts';
import { rejectScroll } from '../../src/domain/reject-scroll.ts';
import { readPdfText } from '../certificates/pdf-text.ts';
import { makeAccount, makeBuyer, makeKeyFor, makeMegiah, makeScroll, makeStore, type TestStore } from '../support/factories.ts';
import { rephotographed } from '../support/photos.ts';
import { postForm, sell, storeGet } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let store: TestStore;
const rendered: CertificatePayload[] = [];

before(async () => {
  t = await createTestApp({
    renderers: {
      pdf: async (payload) => {
        rendered.push(payload);
        return renderCertificatePdf(payload);
      },
      png: renderCertificatePng,
      docx: renderCertificateDocx,
    },
  });
  store = await makeStore(t.deps, { credits: 5 });
});
after(() => t.close());

const reject = (key: string | undefined, uuid: string, body?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/megiah/reject-mezuzah/${uuid}`,
    headers: key === undefined ? {} : { 'x-api-key': key },
    ...(body === undefined ? {} : { payload: body as object }),
  });
const verify = (key: string, uuid: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/megiah/verify-mezuzah/${uuid}`, headers: { 'x-api-key': key } });
const scan = (code: string) => t.app.inject({ method: 'GET', url: `/api/v1/public/scan-qrcode/${code}` });
const qrPage = (code: string) => t.app.inject({ method: 'GET', url: `/q/${code}` });
const decisionsOn = async (uuid: string) => {
  const scroll = await t.db.scrolls.findByUuid(uuid);
  assert.ok(scroll);
  return t.db.megiahDecisions.listByScroll(scroll.id);
};

/** A scroll examined by a megiah that has its own API key. */
async function scrollWithMegiah() {
  const megiah = await makeMegiah(t.deps);
  const scroll = await makeScroll(t.deps, store.account, { megiah: megiah.uuid });
  return { scroll, megiah, key: await makeKeyFor(t.deps, megiah) };
}

describe('200', () => {
  test("the scroll's own megiah rejects with a reason and a note: recorded, out of the queue, QR still not found", async () => {
    const { scroll, megiah, key } = await scrollWithMegiah();
    t.clock.set('2025-06-01T08:15:00Z');
    const res = await reject(key, scroll.uuid, { reason: 'invalid_letter_form', note: 'The shin in line 3 touches the line above.\nSend it to the sofer.' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      msg: 'Examination rejected.',
      uuid: scroll.uuid,
      is_verified: false,
      reason: 'invalid_letter_form',
      note: 'The shin in line 3 touches the line above.\nSend it to the sofer.',
      rejected_time: '2025-06-01 08:15:00',
      rejected_by: { uuid: megiah.uuid, username: megiah.username, role: 'megiah' },
      already_rejected: false,
    });

    const stored = await t.db.scrolls.findByUuid(scroll.uuid);
    assert.equal(stored?.isVerified, false);
    assert.deepEqual(stored?.rejection, {
      reason: 'invalid_letter_form',
      note: 'The shin in line 3 touches the line above.\nSend it to the sofer.',
      at: '2025-06-01 08:15:00',
      by: { uuid: megiah.uuid, username: megiah.username, role: 'megiah' },
    });
    assert.equal((await scan(scroll.qrCode)).statusCode, 404);
    assert.deepEqual((await scan(scroll.qrCode)).json(), { status: 'not_found' });
    assert.equal((await qrPage(scroll.qrCode)).statusCode, 404);
    assert.equal((await storeGet(t.app, store.key, `/api/v1/store/mezuzah/${scroll.uuid}`)).json().is_verified, false);

    const queue = await listVerificationQueue(t.deps, megiah, { offset: 0, limit: 100 });
    assert.ok(queue.ok);
    assert.ok(!queue.value.items.some((queued) => queued.scroll.uuid === scroll.uuid), 'a rejected scroll leaves the queue');
    const history = await listMegiahDecisions(t.deps, megiah, { offset: 0, limit: 100 });
    assert.ok(history.ok);
    assert.deepEqual(
      history.value.items.map((d) => [d.decision, d.reason, d.scroll.uuid, d.scroll.stillRejected]),
      [['reject', 'invalid_letter_form', scroll.uuid, true]],
    );
  });

  test('the note is optional, except with the reason other', async () => {
    const { scroll, key } = await scrollWithMegiah();
    const res = await reject(key, scroll.uuid, { reason: 'parchment_or_ink' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().note, '');
    const other = await scrollWithMegiah();
    assert.equal((await reject(other.key, other.scroll.uuid, { reason: 'other', note: 'Written on paper, not parchment.' })).statusCode, 200);
  });

  test('rejecting again with the same reason and note changes nothing (a retry)', async () => {
    const { scroll, megiah, key } = await scrollWithMegiah();
    t.clock.set('2025-06-02T09:00:00Z');
    assert.equal((await reject(key, scroll.uuid, { reason: 'spacing_or_layout', note: 'Line 6' })).statusCode, 200);
    t.clock.set('2025-06-03T09:00:00Z');
    const again = await reject(key, scroll.uuid, { reason: 'spacing_or_layout', note: ' Line 6 ' });
    assert.equal(again.statusCode, 200);
    assert.equal(again.json().already_rejected, true);
    assert.equal(again.json().msg, 'The examination was already rejected for this reason.');
    assert.equal(again.json().rejected_time, '2025-06-02 09:00:00');
    assert.equal(again.json().rejected_by.uuid, megiah.uuid);
    assert.equal((await decisionsOn(scroll.uuid)).length, 1);
  });

  test('rejecting again with another reason replaces the rejection; the history keeps both', async () => {
    const { scroll, key } = await scrollWithMegiah();
    t.clock.set('2025-06-04T09:00:00Z');
    assert.equal((await reject(key, scroll.uuid, { reason: 'spacing_or_layout' })).statusCode, 200);
    t.clock.set('2025-06-05T09:00:00Z');
    const changed = await reject(key, scroll.uuid, { reason: 'missing_or_extra_letter', note: 'Line 12 lacks a vav.' });
    assert.equal(changed.statusCode, 200);
    assert.equal(changed.json().already_rejected, false);
    assert.equal(changed.json().rejected_time, '2025-06-05 09:00:00');
    assert.equal((await t.db.scrolls.findByUuid(scroll.uuid))?.rejection?.reason, 'missing_or_extra_letter');
    assert.deepEqual((await decisionsOn(scroll.uuid)).map((d) => [d.decision, d.reason]), [
      ['reject', 'spacing_or_layout'],
      ['reject', 'missing_or_extra_letter'],
    ]);
  });

  test('a rejected scroll examined again can be confirmed: the rejection ends and the QR code resolves', async () => {
    const { scroll, key } = await scrollWithMegiah();
    assert.equal((await reject(key, scroll.uuid, { reason: 'invalid_letter_form', note: 'Repair the shin.' })).statusCode, 200);
    const confirmed = await verify(key, scroll.uuid);
    assert.equal(confirmed.statusCode, 200);
    assert.equal(confirmed.json().already_verified, false);
    const stored = await t.db.scrolls.findByUuid(scroll.uuid);
    assert.equal(stored?.isVerified, true);
    assert.equal(stored?.rejection, null);
    assert.deepEqual((await scan(scroll.qrCode)).json(), { status: 'found', uuid: scroll.uuid });
    assert.deepEqual((await decisionsOn(scroll.uuid)).map((d) => d.decision), ['reject', 'verify']);
  });

  test('a stored certificate is reissued at once and states the rejection and its reason', async () => {
    const { scroll, key } = await scrollWithMegiah();
    const old = (await storeGet(t.app, store.key, `/api/v1/store/mezuzah-certificate/${scroll.uuid}`)).json();
    t.clock.set('2025-06-06T10:00:00Z');
    const count = rendered.length;
    assert.equal((await reject(key, scroll.uuid, { reason: 'not_the_examined_scroll', note: 'private to the store' })).statusCode, 200);
    assert.equal(rendered.length, count + 1, 'reissued by the rejection itself');
    const payload = rendered.at(-1) as CertificatePayload;
    assert.deepEqual(payload.scroll.rejection, { at: '2025-06-06 10:00:00', by: (await t.db.scrolls.findByUuid(scroll.uuid))?.megiah.username, reason: 'not_the_examined_scroll' });

    const record = (await storeGet(t.app, store.key, `/api/v1/store/mezuzah/${scroll.uuid}`)).json();
    assert.notEqual(record.certificate_pdf_url, old.pdf_url);
    const pdf = await t.app.inject({ method: 'GET', url: `/${record.certificate_pdf_url}` });
    assert.equal(pdf.statusCode, 200);
    const text = (await readPdfText(new Uint8Array(pdf.rawPayload))).pages[0].items.map((i) => i.str);
    assert.ok(text.includes('REJECTED BY THE MEGIAH'));
    assert.ok(text.some((s) => s.includes('Not the scroll I examined')));
    assert.ok(!text.some((s) => s.includes('private to the store')), 'the note is for the store, not the certificate');

    // A retry states nothing new: no new certificate.
    assert.equal((await reject(key, scroll.uuid, { reason: 'not_the_examined_scroll', note: 'private to the store' })).statusCode, 200);
    assert.equal(rendered.length, count + 1);
  });

  test('concurrent identical rejections record one', async () => {
    const { scroll, key } = await scrollWithMegiah();
    const results = await Promise.all([1, 2, 3].map(() => reject(key, scroll.uuid, { reason: 'parchment_or_ink', note: 'Faded ink' })));
    assert.deepEqual(results.map((r) => r.statusCode), [200, 200, 200]);
    assert.equal(results.filter((r) => r.json().already_rejected === false).length, 1);
    assert.equal((await decisionsOn(scroll.uuid)).length, 1);
  });

  test('a rejection racing a confirmation: whichever comes second sees the first', async () => {
    const { scroll, key } = await scrollWithMegiah();
    const [rejected, verified] = await Promise.all([reject(key, scroll.uuid, { reason: 'parchment_or_ink' }), verify(key, scroll.uuid)]);
    assert.equal(verified.statusCode, 200);
    assert.ok([200, 409].includes(rejected.statusCode));
    const stored = await t.db.scrolls.findByUuid(scroll.uuid);
    assert.equal(stored?.isVerified, true, 'a confirmation always ends verified: it comes after the rejection or refuses it');
    assert.equal(stored?.rejection, null);
  });

  test('a sold scroll can be rejected; the public check still reports a registered scroll, as for any unverified one', async () => {
    const { scroll, key } = await scrollWithMegiah();
    assert.equal((await sell(t.app, store.key, scroll.uuid, { to_uuid: (await makeBuyer(t.deps)).uuid, note: '' })).statusCode, 200);
    assert.equal((await reject(key, scroll.uuid, { reason: 'missing_or_extra_letter' })).statusCode, 200);
    assert.equal((await scan(scroll.qrCode)).statusCode, 404, 'not already_sold: only verified scrolls resolve');
    const checked = await postForm(t.app, '/api/v1/public/check-mezuzah', { image: { data: await rephotographed(scroll.photo) } });
    assert.equal(checked.statusCode, 200);
    assert.equal(checked.json().status, 'success');
    assert.equal(checked.json().uuid, scroll.uuid);
  });

  test('an admin may reject through the domain, as verification allows', async () => {
    const { scroll } = await scrollWithMegiah();
    const admin = await makeAccount(t.deps, { role: 'admin' });
    const outcome = await rejectScroll(t.deps, scroll.uuid, { reason: 'other', note: 'Reported stolen.' }, { uuid: admin.uuid });
    assert.ok(outcome.ok);
    assert.equal(outcome.value.rejection.by.role, 'admin');
  });
});

describe('400', () => {
  const refusals: [string, unknown, RegExp][] = [
    ['no body', undefined, /body/],
    ['no reason', { note: 'x' }, /reason is required/],
    ['a reason not in the list', { reason: 'ugly' }, /reason/],
    ['other without a note', { reason: 'other', note: '   ' }, /note is required when reason is other/],
    ['a note with a bidi override', { reason: 'parchment_or_ink', note: 'abc\u202Edef' }, /note must not contain bidirectional/],
    ['a note too long', { reason: 'parchment_or_ink', note: 'x'.repeat(1001) }, /note must be at most 1000 characters/],
  ];
  for (const [what, body, message] of refusals) {
    test(what, async () => {
      const { scroll, key } = await scrollWithMegiah();
      const res = await reject(key, scroll.uuid, body);
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().status, 'invalid_request');
      assert.match(res.json().msg, message);
      assert.equal((await t.db.scrolls.findByUuid(scroll.uuid))?.rejection, null);
      assert.deepEqual(await decisionsOn(scroll.uuid), []);
    });
  }
});

describe('401', () => {
  test('no key, an empty key, an unknown key', async () => {
    const { scroll } = await scrollWithMegiah();
    for (const key of [undefined, '', 'mzr_not-a-real-key']) {
      const res = await reject(key, scroll.uuid, { reason: 'parchment_or_ink' });
      assert.equal(res.statusCode, 401, String(key));
      assert.equal(res.json().status, 'unauthorized');
    }
    assert.equal((await t.db.scrolls.findByUuid(scroll.uuid))?.rejection, null);
  });
});

describe('403', () => {
  test('another megiah, not named on the scroll: the same answer verify gives', async () => {
    const { scroll } = await scrollWithMegiah();
    const stranger = await makeKeyFor(t.deps, await makeMegiah(t.deps));
    const res = await reject(stranger, scroll.uuid, { reason: 'parchment_or_ink' });
    assert.equal(res.statusCode, 403);
    assert.deepEqual(Object.keys(res.json()), ['msg']);
    assert.match(res.json().msg, /megiah named on this scroll/);
    assert.equal((await verify(stranger, scroll.uuid)).json().msg, res.json().msg);
    assert.equal((await t.db.scrolls.findByUuid(scroll.uuid))?.rejection, null);
  });

  for (const role of ['store', 'sofer', 'user', 'admin']) {
    test(`a key of a ${role} account`, async () => {
      const { scroll } = await scrollWithMegiah();
      const key = role === 'store' ? store.key : await makeKeyFor(t.deps, await makeAccount(t.deps, { role }));
      const res = await reject(key, scroll.uuid, { reason: 'parchment_or_ink' });
      assert.equal(res.statusCode, 403);
      assert.match(res.json().msg, /megiah account/);
      assert.equal((await t.db.scrolls.findByUuid(scroll.uuid))?.rejection, null);
    });
  }
});

describe('404', () => {
  test('an unknown scroll', async () => {
    const { key } = await scrollWithMegiah();
    const res = await reject(key, '00000000-0000-4000-8000-00000000abcd', { reason: 'parchment_or_ink' });
    assert.equal(res.statusCode, 404);
    assert.deepEqual(Object.keys(res.json()), ['msg']);
  });
});

describe('409', () => {
  test('a verified scroll: refused, and it stays verified with its QR code resolving', async () => {
    const { scroll, key } = await scrollWithMegiah();
    assert.equal((await verify(key, scroll.uuid)).statusCode, 200);
    const res = await reject(key, scroll.uuid, { reason: 'parchment_or_ink' });
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().status, 'already_verified');
    assert.match(res.json().msg, /already confirmed/);
    const stored = await t.db.scrolls.findByUuid(scroll.uuid);
    assert.equal(stored?.isVerified, true);
    assert.equal(stored?.rejection, null);
    assert.equal((await scan(scroll.qrCode)).statusCode, 200);
    assert.deepEqual((await decisionsOn(scroll.uuid)).map((d) => d.decision), ['verify']);
  });
});
