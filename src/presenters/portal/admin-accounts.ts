// The admin's accounts: the list with its role filter and search
// (GET /admin/accounts), and the form that opens an account
// (GET/POST /admin/accounts/new).
import type { Account, Page, Role } from '../../db/records.ts';
import { data, field, pager, problem, queryString, timestamp, type PagerState } from './components.ts';
import { html, type Html } from './html.ts';
import { say, type Language, type Words } from './language.ts';
import { csrfField, renderPage } from './layout.ts';
import type { ViewContext } from './view-context.ts';
import { roleWords, adminAccountsWords as words } from './words/admin-accounts.ts';

/** The roles the creation form offers; an agent is a store with the agent flag. */
export const creatableRoles = ['store', 'agent', 'sofer', 'megiah', 'admin', 'user'] as const satisfies readonly Role[];

function roleOptions(lang: Language, roles: readonly Role[], selected: string): Html[] {
  return roles.map((role) => html`<option value="${role}"${role === selected ? html` selected` : ''}>${say(lang, roleWords[role])}</option>`);
}

export function confirmationStatus(lang: Language, account: Account): Html {
  if (account.role !== 'sofer' && account.role !== 'megiah') return html`${say(lang, words.notApplicable)}`;
  return account.confirmed ? html`<span class="status ok">${say(lang, words.yes)}</span>` : html`<span class="status warn">${say(lang, words.no)}</span>`;
}

export type AccountListFilter = { readonly role: string; readonly q: string };

export function renderAccountList(
  ctx: ViewContext,
  filter: AccountListFilter,
  accounts: Page<Account>,
  state: PagerState,
  error?: string,
): string {
  const { lang } = ctx;
  const rows = accounts.items.map(
    (account) => html`<tr>
<td data-label="${words.username[lang]}"><a href="/admin/accounts/${account.uuid}">${data(account.username, '')}</a></td>
<td data-label="${words.email[lang]}"><bdi dir="ltr">${account.email}</bdi></td>
<td data-label="${words.role[lang]}">${say(lang, roleWords[account.role])}</td>
<td data-label="${words.confirmed[lang]}">${confirmationStatus(lang, account)}</td>
<td data-label="${words.created[lang]}">${timestamp(account.createdAt)}</td>
</tr>`,
  );
  const table =
    accounts.items.length === 0
      ? html`<p>${say(lang, words.none)}</p>`
      : html`<table class="stack"><thead><tr><th scope="col">${say(lang, words.username)}</th><th scope="col">${say(lang, words.email)}</th><th scope="col">${say(lang, words.role)}</th><th scope="col">${say(lang, words.confirmed)}</th><th scope="col">${say(lang, words.created)}</th></tr></thead><tbody>${rows}</tbody></table>`;
  const roles: Role[] = ['user', 'store', 'agent', 'sofer', 'megiah', 'admin'];
  return renderPage(ctx, {
    title: words.title,
    body: html`<p class="actions"><a class="button" href="/admin/accounts/new">${say(lang, words.create)}</a></p>
${error === undefined ? '' : problem(error)}
<form method="get" action="/admin/accounts" class="search filters" role="search" aria-label="${words.filter[lang]}">
<div class="field"><label for="f-role">${say(lang, words.role)}</label>
<select id="f-role" name="role"><option value="">${say(lang, words.anyRole)}</option>${roleOptions(lang, roles, filter.role)}</select></div>
<div class="field"><label for="f-q">${say(lang, words.search)}</label>
<input id="f-q" name="q" type="search" value="${filter.q}" maxlength="100" autocomplete="off"></div>
<div class="field"><button type="submit">${say(lang, words.find)}</button></div>
</form>
${table}
${pager(lang, { ...state, total: accounts.total }, (page) => `/admin/accounts${queryString({ role: filter.role, q: filter.q, page })}`)}`,
  });
}

export type NewAccountForm = Partial<Record<'role' | 'username' | 'email' | 'country' | 'state' | 'city' | 'megiah_type' | 'company' | 'confirmed', string>>;

export function renderNewAccount(ctx: ViewContext, form: NewAccountForm = {}, error?: string): string {
  const { lang } = ctx;
  const text = (name: keyof NewAccountForm, label: Words, extra: Partial<Parameters<typeof field>[1]> = {}) =>
    field(lang, { label, name, value: form[name] ?? '', required: false, attributes: html` maxlength="200"`, ...extra });
  return renderPage(ctx, {
    title: words.newTitle,
    body: html`<div class="card">
<p>${say(lang, words.newIntro)}</p>
${error === undefined ? '' : problem(error)}
<form method="post" action="/admin/accounts/new">
${csrfField(ctx)}
<div class="field"><label for="f-role">${say(lang, words.role)}</label>
<select id="f-role" name="role" required>${roleOptions(lang, creatableRoles, form.role ?? 'store')}</select></div>
${field(lang, { label: words.usernameLabel, name: 'username', value: form.username ?? '', hint: words.usernameHint, attributes: html` maxlength="100"` })}
${field(lang, { label: words.email, name: 'email', type: 'email', value: form.email ?? '', attributes: html` maxlength="254" dir="ltr" autocapitalize="off" spellcheck="false"` })}
${text('country', words.country)}
${text('state', words.state)}
${text('city', words.city)}
${text('megiah_type', words.megiahType, { hint: words.megiahTypeHint })}
${text('company', words.company)}
<div class="field"><label><input type="checkbox" name="confirmed" value="1"${form.confirmed === '1' ? html` checked` : ''}> ${say(lang, words.confirmedLabel)}</label></div>
<button type="submit">${say(lang, words.submit)}</button>
</form>
</div>`,
  });
}
