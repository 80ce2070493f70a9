// One account, as an admin sees it (GET /admin/accounts/{uuid}): its facts,
// and what an admin does to it — confirm a sofer or megiah, turn a store into
// an agent or back, create an invitation link, grant credits to a store and
// read its ledger. The invitation link is shown once, in the answer to the
// POST that made it.
import type { Account, CreditEntry } from '../../db/records.ts';
import { isStore } from '../../domain/accounts.ts';
import type { CreditLedger } from '../../domain/read-credit-ledger.ts';
import type { IssuedInvitation } from '../../domain/invite-account.ts';
import { confirmationStatus } from './admin-accounts.ts';
import { data, fact, field, pager, problem, queryString, timestamp, type PagerState } from './components.ts';
import { html, type Html } from './html.ts';
import { fillWords, say, type Words } from './language.ts';
import { csrfField, renderPage } from './layout.ts';
import type { ViewContext } from './view-context.ts';
import { adminAccountWords as words, creditReasonWords as reasonWords } from './words/admin-account.ts';
import { roleWords } from './words/admin-accounts.ts';

export type AccountPageState = {
  readonly error?: string;
  /** The grant form's values, kept when it is refused. */
  readonly amount?: string;
  readonly reason?: string;
};

export type AccountPage = {
  readonly account: Account;
  /** Stores and agents only. */
  readonly ledger: CreditLedger | null;
  readonly ledgerPage: PagerState;
};

function facts(ctx: ViewContext, account: Account): Html {
  const { lang } = ctx;
  const row = (label: Words, value: Html | string) => fact(lang, label, value);
  const place = [account.city, account.state, account.country].filter((part) => part !== '').join(', ');
  const practitioner = account.role === 'sofer' || account.role === 'megiah';
  return html`<dl class="facts">
${row(words.username, data(account.username, ''))}
${row(words.email, html`<bdi dir="ltr">${account.email}</bdi>`)}
${row(words.role, say(lang, roleWords[account.role]))}
${practitioner ? row(words.confirmed, confirmationStatus(lang, account)) : ''}
${account.megiahType === null ? '' : row(words.megiahType, data(account.megiahType, ''))}
${account.company === null ? '' : row(words.company, data(account.company, ''))}
${place === '' ? '' : row(words.place, data(place, ''))}
${row(words.created, timestamp(account.createdAt))}
${row(words.uuid, html`<bdi class="code">${account.uuid}</bdi>`)}
</dl>`;
}

function action(ctx: ViewContext, path: string, fields: Readonly<Record<string, string>>, label: Words, extra: { readonly danger?: boolean; readonly confirm?: Words } = {}): Html {
  const { lang } = ctx;
  return html`<form method="post" action="${path}" class="inline"${extra.confirm === undefined ? '' : html` data-confirm="${extra.confirm[lang]}"`}>${csrfField(ctx)}${Object.entries(fields).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
  )}<button type="submit"${extra.danger === true ? html` class="danger"` : ''}>${say(lang, label)}</button></form>`;
}

function ledgerTable(ctx: ViewContext, entries: readonly CreditEntry[]): Html {
  const { lang } = ctx;
  if (entries.length === 0) return html`<p>${say(lang, words.noEntries)}</p>`;
  const rows = entries.map(
    (entry) => html`<tr>
<td data-label="${words.when[lang]}">${timestamp(entry.createdAt)}</td>
<td data-label="${words.change[lang]}" class="num"><bdi dir="ltr">${entry.delta > 0 ? `+${entry.delta}` : String(entry.delta)}</bdi></td>
<td data-label="${words.what[lang]}">${say(lang, reasonWords[entry.reason])}</td>
<td data-label="${words.note[lang]}">${entry.note === '' ? '—' : data(entry.note, '')}</td>
<td data-label="${words.after[lang]}" class="num">${entry.balanceAfter}</td>
</tr>`,
  );
  return html`<table class="stack"><thead><tr><th scope="col">${say(lang, words.when)}</th><th scope="col" class="num">${say(lang, words.change)}</th><th scope="col">${say(lang, words.what)}</th><th scope="col">${say(lang, words.note)}</th><th scope="col" class="num">${say(lang, words.after)}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function renderAccount(ctx: ViewContext, page: AccountPage, state: AccountPageState = {}): string {
  const { lang } = ctx;
  const { account, ledger } = page;
  const base = `/admin/accounts/${account.uuid}`;
  const practitioner = account.role === 'sofer' || account.role === 'megiah';
  const store = isStore(account);

  const confirmation = practitioner
    ? html`<section class="card"><h2>${say(lang, words.confirmation)}</h2>
<p>${say(lang, account.confirmed ? words.confirmedNow : words.unconfirmedNow)}</p>
<div class="actions">${
        account.confirmed
          ? action(ctx, `${base}/confirm`, { confirmed: '0' }, words.unconfirm, { danger: true, confirm: words.unconfirmQuestion })
          : action(ctx, `${base}/confirm`, { confirmed: '1' }, words.confirm)
      }</div></section>`
    : '';

  const agent = store
    ? html`<section class="card"><h2>${say(lang, words.agent)}</h2>
<p>${say(lang, account.role === 'agent' ? words.agentNow : words.storeNow)}</p>
<div class="actions">${
        account.role === 'agent'
          ? action(ctx, `${base}/agent`, { agent: '0' }, words.removeAgent, { danger: true })
          : action(ctx, `${base}/agent`, { agent: '1' }, words.makeAgent)
      }</div></section>`
    : '';

  const credits =
    store && ledger !== null
      ? html`<section class="card" id="credits"><h2>${say(lang, words.credits)}</h2>
<p>${say(lang, words.balance)}</p>
<p class="balance">${ledger.balance}</p>
<h3>${say(lang, words.grant)}</h3>
<form method="post" action="${base}/credits">
${csrfField(ctx)}
${field(lang, { label: words.amount, name: 'amount', type: 'number', value: state.amount ?? '', attributes: html` min="1" max="1000000" step="1" inputmode="numeric"` })}
${field(lang, { label: words.reason, name: 'reason', value: state.reason ?? '', hint: words.reasonHint, attributes: html` maxlength="200"` })}
<button type="submit">${say(lang, words.grantSubmit)}</button>
</form>
<h3>${say(lang, words.ledger)}</h3>
${ledgerTable(ctx, ledger.entries.items)}
${pager(lang, { ...page.ledgerPage, total: ledger.entries.total }, (n) => `${base}${queryString({ page: n })}#credits`)}
</section>`
      : '';

  return renderPage(ctx, {
    title: fillWords(words.title, { name: account.username }),
    body: html`<p><a href="/admin/accounts">${say(lang, words.back)}</a></p>
${state.error === undefined ? '' : problem(state.error)}
<section class="card"><h2>${say(lang, words.facts)}</h2>${facts(ctx, account)}</section>
${confirmation}
${agent}
<section class="card"><h2>${say(lang, words.invitation)}</h2>
<p>${say(lang, words.invitationIntro)}</p>
<div class="actions">${action(ctx, `${base}/invitation`, {}, words.invite)}</div></section>
${credits}`,
  });
}

/** The answer to the POST that made the link (never a redirect): the token appears in no URL bar and no history entry. */
export function renderNewInvitation(ctx: ViewContext, invitation: IssuedInvitation): string {
  const { lang } = ctx;
  const { account } = invitation;
  return renderPage(ctx, {
    title: fillWords(words.inviteTitle, { name: account.username }),
    body: html`<div class="card">
<p class="notice info">${say(lang, words.inviteOnce, { email: account.email, expires: timestamp(invitation.expiresAt) })}</p>
<code class="secret" id="invitation-link">${invitation.url}</code>
<p class="actions"><button type="button" class="secondary" data-copy="invitation-link" data-copied="${words.copied[lang]}">${say(lang, words.copy)}</button>
<a href="/admin/accounts/${account.uuid}">${say(lang, words.backToAccount)}</a></p>
</div>`,
  });
}
