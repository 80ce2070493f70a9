import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { renderCertificateDocx } from '../../src/certificates/render-certificate-docx.ts';
import { renderCertificatePdf } from '../../src/certificates/render-certificate-pdf.ts';
import { renderCertificatePng } from '../../src/certificates/render-certificate-png.ts';
import type { CertificatePayload } from '../../src/certificates/payload.ts';
import { verifyScroll } from '../../src/domain/verify-scroll.ts';
import { makeBuyer, makeScroll, makeStore, type TestStore } from '../support/factories.ts';
import { sell, storeGet } from '../support/requests.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let store: TestStore;
const rendered: CertificatePayload[] = [];
let failNextRender = false;

before(async () => {
  t = await createTestApp({
    renderers: {
      pdf: async (payload) => {
        rendered.push(payload);
        if (failNextRender) {
          failNextRender = false;
          throw new Error('renderer crashed');
        }
        return renderCertificatePdf(payload);
      },
      png: renderCertificatePng,
      docx: renderCertificateDocx,
    },
  });
  store = await makeStore(t.deps, { credits: 3 });
});
after(() => t.close());

const certificateOf = (key: string, uuid: string) => storeGet(t.app, key, `/api/v1/store/mezuzah-certificate/${uuid}`);
const fetchFile = (url: string) => t.app.inject({ method: 'GET', url: `/${url}` });

async function certificateFiles(uuid: string): Promise<string[]> {
  try {
    return (await readdir(path.join(t.dataDir, 'files', 'public', 'certificates', uuid))).sort();
  } catch {
    return [];
  }
}

describe('200', () => {
  test('PDF, PNG and DOCX URLs that exist, rendered once from the gathered facts', async () => {
    const scroll = await makeScroll(t.deps, store.account, { font: 'Beit Yosef', size: '10 cm' });
    const before = rendered.length;
    const res = await certificateOf(store.key, scroll.uuid);
    assert.equal(res.statusCode, 200);
    const urls = res.json();
    assert.deepEqual(Object.keys(urls).sort(), ['doc_url', 'img_url', 'pdf_url']);

    const pdf = await fetchFile(urls.pdf_url);
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.equal(pdf.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');
    const png = await fetchFile(urls.img_url);
    assert.equal(png.headers['content-type'], 'image/png');
    assert.deepEqual([...png.rawPayload.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
    const docx = await fetchFile(urls.doc_url);
    assert.equal(docx.statusCode, 200);
    assert.equal(docx.rawPayload.subarray(0, 2).toString('latin1'), 'PK');

    assert.equal(rendered.length, before + 1);
    const payload = rendered.at(-1) as CertificatePayload;
    const details = await t.db.scrolls.findByUuid(scroll.uuid);
    assert.equal(payload.scroll.uuid, scroll.uuid);
    assert.equal(payload.scroll.font, 'Beit Yosef');
    assert.equal(payload.scroll.size, '10 cm');
    assert.equal(payload.scroll.isVerified, false);
    assert.equal(payload.scroll.verifiedBy, null);
    assert.deepEqual(payload.qr, { code: scroll.qrCode, url: `${TEST_BASE_URL}/q/${scroll.qrCode}` });
    assert.equal(payload.sofer.uuid, details?.sofer.uuid);
    assert.equal(payload.store.uuid, store.account.uuid);
    assert.ok(payload.preview !== null && payload.preview.length > 0);

    // The record now names the same PDF.
    const record = (await storeGet(t.app, store.key, `/api/v1/store/mezuzah/${scroll.uuid}`)).json();
    assert.equal(record.certificate_pdf_url, urls.pdf_url);
  });

  test('asked again with unchanged facts: the same files, not rendered again', async () => {
    const scroll = await makeScroll(t.deps, store.account);
    const first = (await certificateOf(store.key, scroll.uuid)).json();
    const count = rendered.length;
    t.clock.advance(3600_000);
    const second = (await certificateOf(store.key, scroll.uuid)).json();
    assert.deepEqual(second, first);
    assert.equal(rendered.length, count);
  });

  test('concurrent first requests render once', async () => {
    const scroll = await makeScroll(t.deps, store.account);
    const count = rendered.length;
    const results = await Promise.all([1, 2, 3].map(() => certificateOf(store.key, scroll.uuid)));
    assert.equal(rendered.length, count + 1);
    assert.equal(new Set(results.map((r) => r.body)).size, 1);
    assert.equal((await certificateFiles(scroll.uuid)).length, 3);
  });

  test('verification reissues it at once under new URLs and removes the old files; the old links lead to the new ones', async () => {
    const scroll = await makeScroll(t.deps, store.account);
    const old = (await certificateOf(store.key, scroll.uuid)).json();
    t.clock.set('2025-07-07T07:07:07Z');
    const count = rendered.length;
    assert.equal((await verifyScroll(t.deps, scroll.uuid)).ok, true);
    // Reissued by the verification itself, not left for the next request.
    assert.equal(rendered.length, count + 1);
    const record = (await storeGet(t.app, store.key, `/api/v1/store/mezuzah/${scroll.uuid}`)).json();
    assert.notEqual(record.certificate_pdf_url, old.pdf_url);
    assert.equal((await fetchFile(record.certificate_pdf_url)).statusCode, 200);
    const fresh0 = (await certificateOf(store.key, scroll.uuid)).json();
    for (const [format, url] of [['pdf', old.pdf_url], ['img', old.img_url], ['doc', old.doc_url]] as const) {
      const followed = await fetchFile(url);
      assert.equal(followed.statusCode, 302, `the ${format} link sent before the reissue`);
      assert.equal(followed.headers.location, `/${fresh0[`${format}_url`]}`);
      assert.equal(followed.headers['cache-control'], 'no-cache');
    }

    const fresh = (await certificateOf(store.key, scroll.uuid)).json();
    assert.equal(fresh.pdf_url, record.certificate_pdf_url);
    assert.equal(rendered.length, count + 1);
    assert.equal((await certificateFiles(scroll.uuid)).length, 3);
    const payload = rendered.at(-1) as CertificatePayload;
    assert.equal(payload.scroll.isVerified, true);
    const details = await t.db.scrolls.findByUuid(scroll.uuid);
    assert.equal(payload.scroll.verifiedBy, details?.megiah.username);
    assert.equal(payload.scroll.verifiedAt, '2025-07-07 07:07:07');
    assert.equal(payload.issuedAt, '2025-07-07 07:07:07');
  });

  test('verification of a scroll without a certificate renders none', async () => {
    const scroll = await makeScroll(t.deps, store.account);
    const count = rendered.length;
    assert.equal((await verifyScroll(t.deps, scroll.uuid)).ok, true);
    assert.equal(rendered.length, count);
    assert.deepEqual(await certificateFiles(scroll.uuid), []);
  });

  test('a sale states no new fact: the buyer keeps working URLs; a later verification still reissues them', async () => {
    const scroll = await makeScroll(t.deps, store.account);
    const issued = (await certificateOf(store.key, scroll.uuid)).json();
    const count = rendered.length;
    assert.equal((await sell(t.app, store.key, scroll.uuid, { to_uuid: (await makeBuyer(t.deps)).uuid, note: '' })).statusCode, 200);
    assert.equal(rendered.length, count);
    for (const url of [issued.pdf_url, issued.img_url, issued.doc_url]) assert.equal((await fetchFile(url)).statusCode, 200);

    // No store may ask for it any more, so the verification must reissue it itself.
    assert.equal((await verifyScroll(t.deps, scroll.uuid)).ok, true);
    assert.equal(rendered.length, count + 1);
    assert.equal((rendered.at(-1) as CertificatePayload).scroll.isVerified, true);
    assert.equal((await fetchFile(issued.pdf_url)).statusCode, 302, "the buyer's link leads to the reissued certificate");
    assert.equal((await certificateFiles(scroll.uuid)).length, 3);
  });

  test('a link never issued is 404, even under a real scroll; so is a scroll without a certificate now', async () => {
    const scroll = await makeScroll(t.deps, store.account);
    const issued = (await certificateOf(store.key, scroll.uuid)).json();
    const forged = issued.pdf_url.replace(/\/[A-Za-z0-9_-]+\.pdf$/, '/AAAAAAAAAAAAAAAA.pdf');
    assert.notEqual(forged, issued.pdf_url);
    assert.equal((await fetchFile(forged)).statusCode, 404);
    assert.equal((await fetchFile(`static/certificates/${scroll.uuid}/../../previews/x.pdf`)).statusCode, 404);
  });
});

describe('403 / 404, as for the single-scroll read', () => {
  test("another store's scroll (BOLA)", async () => {
    const other = await makeStore(t.deps);
    const scroll = await makeScroll(t.deps, other.account);
    const res = await certificateOf(store.key, scroll.uuid);
    assert.equal(res.statusCode, 403);
    assert.deepEqual(Object.keys(res.json()), ['msg']);
    assert.deepEqual(await certificateFiles(scroll.uuid), []);
  });

  test('a scroll the store has sold', async () => {
    const scroll = await makeScroll(t.deps, store.account);
    await sell(t.app, store.key, scroll.uuid, { to_uuid: (await makeBuyer(t.deps)).uuid, note: '' });
    assert.equal((await certificateOf(store.key, scroll.uuid)).statusCode, 403);
  });

  test('an unknown scroll', async () => {
    const res = await certificateOf(store.key, '00000000-0000-4000-8000-00000000abcd');
    assert.equal(res.statusCode, 404);
    assert.deepEqual(Object.keys(res.json()), ['msg']);
  });
});

describe('500', () => {
  test('a failed render leaves neither files nor a row, and hides the cause', async () => {
    const scroll = await makeScroll(t.deps, store.account);
    failNextRender = true;
    const res = await certificateOf(store.key, scroll.uuid);
    assert.equal(res.statusCode, 500);
    assert.deepEqual(res.json(), { msg: 'Internal server error.', status: 'internal_error' });
    assert.deepEqual(await certificateFiles(scroll.uuid), []);
    assert.equal((await storeGet(t.app, store.key, `/api/v1/store/mezuzah/${scroll.uuid}`)).json().certificate_pdf_url, '');
    assert.equal((await certificateOf(store.key, scroll.uuid)).statusCode, 200);
  });
});
