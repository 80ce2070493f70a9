// The store's pages (stores and agents): credits, inventory, one scroll with
// its sticker and certificate downloads, sales, and (agents) registration.
// Each calls the same use case as the API's store endpoint for that job.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderStickerPng, renderStickerSvg } from '../../../certificates/render-sticker.ts';
import { STORE_ROLES } from '../../../domain/accounts.ts';
import { gatherStickers } from '../../../domain/gather-stickers.ts';
import { issueCertificate } from '../../../domain/issue-certificate.ts';
import { listDirectory } from '../../../domain/list-directory.ts';
import { listInventory } from '../../../domain/list-inventory.ts';
import { listSales } from '../../../domain/list-sales.ts';
import { readCreditLedger } from '../../../domain/read-credit-ledger.ts';
import { readStoreScroll } from '../../../domain/read-store-scroll.ts';
import { registerScroll, registrationFields } from '../../../domain/register-scroll.ts';
import { renderInventory } from '../../../presenters/portal/store-inventory.ts';
import { renderStoreOverview } from '../../../presenters/portal/store-overview.ts';
import {
  renderRegisterForm,
  type RegistrationChoices,
  type RegistrationProblem,
  type RegistrationValues,
} from '../../../presenters/portal/store-register.ts';
import { renderSales } from '../../../presenters/portal/store-sales.ts';
import { renderStoreScroll, storeScrollWords } from '../../../presenters/portal/store-scroll.ts';
import type { AppDeps } from '../../app-deps.ts';
import { readMultipart } from '../../multipart.ts';
import { parsePagination } from '../../pagination.ts';
import { pageRateLimit } from '../page-rate-limit.ts';
import { redirectWithFlash, sendErrorPage, sendHtml, viewContext } from '../respond.ts';
import { csrfMatches, perSession, refuseCrossSite, requireSignedIn, signedInOf } from '../session.ts';

/** Registration is for agents, as the API's register-mezuzah (not_agent); a plain store gets the 403 page. */
const AGENTS = ['agent'] as const;

/** More people than any form's list could usefully hold; the directory is ordered by age. */
const DIRECTORY_CHOICES = { offset: 0, limit: 500 } as const;

const flashes = { registered: { kind: 'ok', words: storeScrollWords.registeredFlash } } as const;

const certificateFormats = {
  pdf: 'application/pdf',
  png: 'image/png',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

type ListingQuery = { Querystring: { page?: string; per_page?: string; q?: string } };
type ScrollParams = { Params: { uuid: string } };

/** The page asked for, or null when `page`/`per_page` is malformed (the 400 page). */
function listingOf(request: FastifyRequest<ListingQuery>) {
  const pagination = parsePagination(request.query);
  return pagination.ok ? pagination.value : null;
}

/** The confirmed sofers and megiahs the registration form offers. */
async function registrationChoices(deps: AppDeps): Promise<RegistrationChoices> {
  const [sofers, megiahs] = await Promise.all([
    listDirectory(deps, 'sofer', DIRECTORY_CHOICES),
    listDirectory(deps, 'megiah', DIRECTORY_CHOICES),
  ]);
  return { sofers: sofers.items, megiahs: megiahs.items };
}

const statusOfProblem = (code: RegistrationProblem['code']) => (code === 'busy' ? 503 : 400);

export function storePages(app: FastifyInstance, deps: AppDeps): void {
  const limit = (perMinute: number) => pageRateLimit(deps, { perMinute, per: perSession });
  const read = { schema: { hide: true }, onRequest: limit(120), preHandler: requireSignedIn(STORE_ROLES) };

  app.get<ListingQuery>('/store', read, async (request, reply) => {
    const pagination = listingOf(request);
    if (pagination === null) return sendErrorPage(request, reply, 400);
    const ledger = await readCreditLedger(deps, signedInOf(request).account, pagination);
    return sendHtml(
      reply,
      200,
      renderStoreOverview(viewContext(request, reply), ledger, { ...pagination, total: ledger.entries.total, perPageParam: request.query.per_page }),
    );
  });

  app.get<ListingQuery>('/store/inventory', read, async (request, reply) => {
    const pagination = listingOf(request);
    if (pagination === null) return sendErrorPage(request, reply, 400);
    const search = String(request.query.q ?? '').trim();
    const scrolls = await listInventory(deps, signedInOf(request).account, pagination, search);
    return sendHtml(
      reply,
      200,
      renderInventory(viewContext(request, reply), scrolls, { ...pagination, total: scrolls.total, perPageParam: request.query.per_page, search }),
    );
  });

  app.get<ScrollParams>('/store/scrolls/:uuid', read, async (request, reply) => {
    // Another store's scroll is 404 here, not the API's 403: a page does not confirm that a uuid exists.
    const scroll = await readStoreScroll(deps, signedInOf(request).account, request.params.uuid);
    if (!scroll.ok) return sendErrorPage(request, reply, 404);
    return sendHtml(reply, 200, renderStoreScroll(viewContext(request, reply, flashes), scroll.value));
  });

  // The sticker and the certificate as the API's mezuzah-sticker and mezuzah-certificate make them, with their limits.
  const sticker = { schema: { hide: true }, onRequest: limit(60), preHandler: requireSignedIn(STORE_ROLES) };
  for (const format of ['svg', 'png'] as const) {
    app.get<ScrollParams>(`/store/scrolls/:uuid/sticker.${format}`, sticker, async (request, reply) => {
      const outcome = await gatherStickers(deps, signedInOf(request).account, [request.params.uuid]);
      if (!outcome.ok) return sendErrorPage(request, reply, 404);
      const [payload] = outcome.value;
      const body = format === 'svg' ? await renderStickerSvg(payload) : Buffer.from(await renderStickerPng(payload));
      // The SVG is shown on the scroll's page; the PNG is the one downloaded for printing.
      const disposition = format === 'svg' ? 'inline' : 'attachment';
      return reply
        .header('Content-Type', format === 'svg' ? 'image/svg+xml' : 'image/png')
        .header('Content-Disposition', `${disposition}; filename="mezuzah-sticker-${payload.code}.${format}"`)
        .header('Cache-Control', 'private, no-store')
        .send(body);
    });
  }

  const certificate = { schema: { hide: true }, onRequest: limit(30), preHandler: requireSignedIn(STORE_ROLES) };
  for (const format of Object.keys(certificateFormats) as (keyof typeof certificateFormats)[]) {
    app.get<ScrollParams>(`/store/scrolls/:uuid/certificate.${format}`, certificate, async (request, reply) => {
      const outcome = await issueCertificate(deps, signedInOf(request).account, request.params.uuid);
      if (!outcome.ok) return sendErrorPage(request, reply, 404);
      const key = { pdf: outcome.value.pdfKey, png: outcome.value.pngKey, docx: outcome.value.docxKey }[format];
      const file = key === null ? null : await deps.files.open(key);
      if (file === null) return sendErrorPage(request, reply, 404);
      // The uuid matched a stored scroll exactly, so it is safe in a header.
      return reply
        .header('Content-Type', certificateFormats[format])
        .header('Content-Length', file.size)
        .header('Content-Disposition', `attachment; filename="mezuzah-certificate-${request.params.uuid}.${format}"`)
        .header('Cache-Control', 'private, no-store')
        .send(file.stream);
    });
  }

  app.get<ListingQuery>('/store/sales', read, async (request, reply) => {
    const pagination = listingOf(request);
    if (pagination === null) return sendErrorPage(request, reply, 400);
    const sales = await listSales(deps, signedInOf(request).account, pagination);
    return sendHtml(reply, 200, renderSales(viewContext(request, reply), sales, { ...pagination, total: sales.total, perPageParam: request.query.per_page }));
  });

  app.get('/store/register', { schema: { hide: true }, onRequest: limit(120), preHandler: requireSignedIn(AGENTS) }, async (request, reply) =>
    sendHtml(reply, 200, renderRegisterForm(viewContext(request, reply), await registrationChoices(deps))),
  );

  app.post(
    '/store/register',
    // The role is checked before the upload is read, as in the API: a store must not make us buffer a photo to learn it is refused.
    { schema: { hide: true }, onRequest: limit(30), preHandler: [requireSignedIn(AGENTS), refuseCrossSite, deps.uploads.admit(1, sendErrorPage)] },
    async (request, reply) => {
      const form = await readMultipart(request, { files: ['mezuzah'], fields: ['_csrf', ...registrationFields] });
      if (!form.ok && form.code === 'too_large') return sendErrorPage(request, reply, 413);
      if (!form.ok) return sendErrorPage(request, reply, 400);
      if (!csrfMatches(request, form.value.fields._csrf)) return sendErrorPage(request, reply, 'csrf');
      const values: RegistrationValues = Object.fromEntries(
        registrationFields.filter((name) => name in form.value.fields).map((name) => [name, form.value.fields[name]]),
      );
      const outcome = await registerScroll(deps, signedInOf(request).account, { ...values, photo: form.value.files.mezuzah });
      if (outcome.ok) return redirectWithFlash(request, reply, `/store/scrolls/${outcome.value.uuid}`, 'registered');
      if (outcome.code === 'not_agent') return sendErrorPage(request, reply, 403);
      return sendRegisterForm(request, reply, { values, problem: { code: outcome.code, msg: outcome.msg } });
    },
  );

  async function sendRegisterForm(request: FastifyRequest, reply: FastifyReply, state: { values: RegistrationValues; problem: RegistrationProblem }) {
    return sendHtml(reply, statusOfProblem(state.problem.code), renderRegisterForm(viewContext(request, reply), await registrationChoices(deps), state));
  }
}
