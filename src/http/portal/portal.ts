// The web portal: server-rendered pages for people (stores, agents, megiahs,
// admins, buyers), beside the API and over the same domain use cases. It is
// one Fastify scope, so its session lookup, form parser and HTML error pages
// apply to its pages only and the API is untouched. Its pages' content
// security policy travels with the HTML (respond.ts, sendHtml).
import type { FastifyError, FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { assetRoutes } from './assets.ts';
import { accountAgentPage } from './pages/admin/account-agent.ts';
import { confirmAccountPage } from './pages/admin/account-confirm.ts';
import { accountCreditsPage } from './pages/admin/account-credits.ts';
import { accountInvitationPage } from './pages/admin/account-invitation.ts';
import { accountPage } from './pages/admin/account.ts';
import { newAccountPage } from './pages/admin/accounts-new.ts';
import { accountsPage } from './pages/admin/accounts.ts';
import { adminVerifyScrollPage } from './pages/admin/scroll-verify.ts';
import { adminScrollsPage } from './pages/admin/scrolls.ts';
import { checkComparePage } from './pages/check/compare.ts';
import { checkResultPage } from './pages/check/result.ts';
import { checkScrollPage } from './pages/check/scroll.ts';
import { checkTextPage } from './pages/check/text.ts';
import { homePage } from './pages/home.ts';
import { invitationPage } from './pages/invitation.ts';
import { languagePage } from './pages/language.ts';
import { megiahHistoryPage } from './pages/megiah/history.ts';
import { megiahQueuePage } from './pages/megiah/queue.ts';
import { rejectScrollPage } from './pages/megiah/scroll-reject.ts';
import { megiahTextFindingPage } from './pages/megiah/scroll-text-finding.ts';
import { verifyScrollPage } from './pages/megiah/scroll-verify.ts';
import { megiahScrollPage } from './pages/megiah/scroll.ts';
import { verifyScrollsPage } from './pages/megiah/scrolls-verify.ts';
import { revokeApiKeyPage } from './pages/settings/api-key-revoke.ts';
import { newApiKeyPage } from './pages/settings/api-keys-new.ts';
import { apiKeysPage } from './pages/settings/api-keys.ts';
import { passwordPage } from './pages/settings/password.ts';
import { webhookActionPages } from './pages/settings/webhook-actions.ts';
import { webhookPage } from './pages/settings/webhook.ts';
import { webhooksPage } from './pages/settings/webhooks.ts';
import { signInPage } from './pages/sign-in.ts';
import { signOutPage } from './pages/sign-out.ts';
import { creditLedgerCsvPage } from './pages/store/credit-ledger-csv.ts';
import { inventoryCsvPage } from './pages/store/inventory-csv.ts';
import { inventoryPage } from './pages/store/inventory.ts';
import { storeOverviewPage } from './pages/store/overview.ts';
import { registerScrollPage } from './pages/store/register.ts';
import { salesCsvPage } from './pages/store/sales-csv.ts';
import { salesPage } from './pages/store/sales.ts';
import { scrollCertificatePage } from './pages/store/scroll-certificate.ts';
import { scrollSalePage } from './pages/store/scroll-sale.ts';
import { scrollStickerPage } from './pages/store/scroll-sticker.ts';
import { storeTextFindingPage } from './pages/store/scroll-text-finding.ts';
import { storeScrollPage } from './pages/store/scroll.ts';
import { stickerSheetPage } from './pages/store/sticker-sheet.ts';
import { sendErrorPage } from './respond.ts';
import { resolveSession } from './session.ts';

/** Forms are small; photo uploads are multipart, with the photo limits of the API. */
const FORM_BODY_LIMIT_BYTES = 64 * 1024;

/** Every page, one file each under pages/, its path mirroring the URL. */
const pages: readonly ((app: FastifyInstance, deps: AppDeps) => void)[] = [
  homePage, // GET /
  languagePage, // GET /language/{lang}
  signInPage, // GET, POST /sign-in
  signOutPage, // POST /sign-out
  invitationPage, // GET, POST /invitation/{token}
  passwordPage, // GET, POST /settings/password
  apiKeysPage, // GET, POST /settings/api-keys
  newApiKeyPage, // GET /settings/api-keys/new/{reveal}
  revokeApiKeyPage, // POST /settings/api-keys/{id}/revoke
  webhooksPage, // GET, POST /settings/webhooks
  webhookPage, // GET /settings/webhooks/{id}
  webhookActionPages, // POST /settings/webhooks/{id}/test-event, /rotate-secret, /delete; POST /settings/webhooks/threshold
  checkScrollPage, // GET, POST /check
  checkResultPage, // GET /check/result/{id}
  checkTextPage, // POST /check/text
  checkComparePage, // GET, POST /check/compare
  storeOverviewPage, // GET /store
  creditLedgerCsvPage, // GET /store/credit-ledger.csv
  inventoryPage, // GET /store/inventory
  inventoryCsvPage, // GET /store/inventory.csv
  stickerSheetPage, // GET /store/sticker-sheet.pdf
  storeScrollPage, // GET /store/scrolls/{uuid}
  scrollStickerPage, // GET /store/scrolls/{uuid}/sticker.svg|png
  scrollCertificatePage, // GET /store/scrolls/{uuid}/certificate.pdf|png|docx
  scrollSalePage, // GET, POST /store/scrolls/{uuid}/sale
  storeTextFindingPage, // GET /store/scrolls/{uuid}/text-check/{finding}.jpg
  salesPage, // GET /store/sales
  salesCsvPage, // GET /store/sales.csv
  registerScrollPage, // GET, POST /store/register
  megiahQueuePage, // GET /megiah
  megiahHistoryPage, // GET /megiah/history
  megiahScrollPage, // GET /megiah/scrolls/{uuid}
  megiahTextFindingPage, // GET /megiah/scrolls/{uuid}/text-check/{finding}.jpg
  verifyScrollPage, // POST /megiah/scrolls/{uuid}/verify
  verifyScrollsPage, // POST /megiah/scrolls/verify
  rejectScrollPage, // POST /megiah/scrolls/{uuid}/reject
  accountsPage, // GET /admin/accounts
  newAccountPage, // GET, POST /admin/accounts/new
  accountPage, // GET /admin/accounts/{uuid}
  confirmAccountPage, // POST /admin/accounts/{uuid}/confirm
  accountAgentPage, // POST /admin/accounts/{uuid}/agent
  accountInvitationPage, // POST /admin/accounts/{uuid}/invitation
  accountCreditsPage, // POST /admin/accounts/{uuid}/credits
  adminScrollsPage, // GET /admin/scrolls
  adminVerifyScrollPage, // POST /admin/scrolls/{uuid}/verify
];

export async function portal(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // Outside the scope: a style sheet or script is the same for everyone, so fetching it must not cost a session lookup.
  assetRoutes(app);
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.addHook('onRequest', resolveSession(deps));
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status === 413) return sendErrorPage(request, reply, 413);
      if (status >= 400 && status < 500) return sendErrorPage(request, reply, 400);
      request.log.error({ err: error }, 'portal page failed');
      return sendErrorPage(request, reply, 500);
    });
    for (const register of pages) register(scope, deps);
  });
}
