// One account, as an admin sees it (GET /admin/accounts/{uuid}): its facts,
// and what an admin does to it — confirm a sofer or megiah, turn a store into
// an agent or back, create an invitation link, grant credits to a store and
// read its ledger. The invitation link is shown once, in the answer to the
// POST that made it.
import type { Account, CreditEntry, CreditReason } from '../../db/records.ts';
import { isStore } from '../../domain/accounts.ts';
import type { CreditLedger } from '../../domain/read-credit-ledger.ts';
import type { IssuedInvitation } from '../../domain/invite-account.ts';
import { roleWords, confirmationStatus } from './admin-accounts.ts';
import { data, fact, field, pager, problem, queryString, timestamp, type PagerState } from './components.ts';
import { html, type Html } from './html.ts';
import { fillWords, say, type Words } from './language.ts';
import { csrfField, renderPage } from './layout.ts';
import type { ViewContext } from './view-context.ts';

const words = {
  title: { en: 'Account: {name}', he: 'חשבון: {name}' },
  back: { en: 'All accounts', he: 'כל החשבונות' },
  facts: { en: 'Details', he: 'פרטים' },
  username: { en: 'Name', he: 'שם' },
  email: { en: 'Email', he: 'דוא"ל' },
  role: { en: 'Role', he: 'תפקיד' },
  confirmed: { en: 'Confirmation', he: 'אישור' },
  megiahType: { en: 'Megiah type', he: 'סוג מגיה' },
  company: { en: 'Company', he: 'חברה' },
  place: { en: 'Place', he: 'מקום' },
  created: { en: 'Created', he: 'נוצר' },
  uuid: { en: 'Account id', he: 'מזהה החשבון' },
  confirmation: { en: 'Directory', he: 'מדריך' },
  confirmedNow: {
    en: 'Confirmed: listed in the directory, and may be named on new registrations.',
    he: 'מאושר: מופיע במדריך, וניתן לציין אותו ברישומים חדשים.',
  },
  unconfirmedNow: {
    en: 'Not confirmed: not in the directory, and cannot be named on new registrations.',
    he: 'לא מאושר: אינו מופיע במדריך, ואי אפשר לציין אותו ברישומים חדשים.',
  },
  confirm: { en: 'Confirm', he: 'אישור' },
  unconfirm: { en: 'Withdraw confirmation', he: 'ביטול האישור' },
  unconfirmQuestion: { en: 'Withdraw the confirmation? The account leaves the directory.', he: 'לבטל את האישור? החשבון יוסר מהמדריך.' },
  agent: { en: 'Registering scrolls', he: 'רישום מזוזות' },
  agentNow: { en: 'This store is an agent: it may register scrolls.', he: 'חנות זו היא סוכן: היא רשאית לרשום מזוזות.' },
  storeNow: { en: 'This store may sell scrolls but not register them.', he: 'חנות זו רשאית למכור מזוזות אך לא לרשום אותן.' },
  makeAgent: { en: 'Make it an agent', he: 'הפיכה לסוכן' },
  removeAgent: { en: 'Stop it registering', he: 'ביטול הרשאת הרישום' },
  invitation: { en: 'Invitation', he: 'הזמנה' },
  invitationIntro: {
    en: 'A link that lets the holder choose a password and sign in. A new link replaces any earlier unused one; send it to the holder privately.',
    he: 'קישור המאפשר לבעל החשבון לבחור סיסמה ולהיכנס. קישור חדש מחליף קישורים קודמים שלא נוצלו; שלחו אותו לבעל החשבון באופן פרטי.',
  },
  invite: { en: 'Create invitation link', he: 'יצירת קישור הזמנה' },
  credits: { en: 'Credits', he: 'קרדיטים' },
  balance: { en: 'Balance', he: 'יתרה' },
  grant: { en: 'Grant credits', he: 'הענקת קרדיטים' },
  amount: { en: 'Amount', he: 'כמות' },
  reason: { en: 'Reason', he: 'סיבה' },
  reasonHint: { en: 'Kept in the ledger, e.g. "paid invoice 1042".', he: 'נשמרת ביומן, למשל "חשבונית 1042 שולמה".' },
  grantSubmit: { en: 'Grant', he: 'הענקה' },
  ledger: { en: 'Ledger', he: 'יומן' },
  noEntries: { en: 'No entries yet.', he: 'אין עדיין רשומות.' },
  when: { en: 'When', he: 'מתי' },
  change: { en: 'Change', he: 'שינוי' },
  what: { en: 'For', he: 'עבור' },
  note: { en: 'Note', he: 'הערה' },
  after: { en: 'Balance after', he: 'יתרה לאחר מכן' },
  createdFlash: { en: 'The account has been created. Create an invitation link so the holder can choose a password.', he: 'החשבון נוצר. צרו קישור הזמנה כדי שבעל החשבון יוכל לבחור סיסמה.' },
  confirmedFlash: { en: 'The account is confirmed.', he: 'החשבון אושר.' },
  unconfirmedFlash: { en: 'The confirmation has been withdrawn.', he: 'האישור בוטל.' },
  agentOnFlash: { en: 'The store is now an agent.', he: 'החנות היא כעת סוכן.' },
  agentOffFlash: { en: 'The store is no longer an agent.', he: 'החנות אינה עוד סוכן.' },
  grantedFlash: { en: 'The credits have been granted.', he: 'הקרדיטים הוענקו.' },
  inviteTitle: { en: 'Invitation link for {name}', he: 'קישור הזמנה עבור {name}' },
  inviteOnce: {
    en: 'Copy it now and send it to {email}. It is shown only this once, works once, and expires {expires}.',
    he: 'העתיקו אותו עכשיו ושלחו אותו אל {email}. הוא מוצג פעם אחת בלבד, פועל פעם אחת, ותוקפו פג ב-{expires}.',
  },
  copy: { en: 'Copy', he: 'העתקה' },
  copied: { en: 'Copied', he: 'הועתק' },
  backToAccount: { en: 'Back to the account', he: 'חזרה לחשבון' },
} as const satisfies Record<string, Words>;

export const adminAccountWords = words;

const reasonWords = {
  grant: { en: 'Grant', he: 'הענקה' },
  sale: { en: 'Sale', he: 'מכירה' },
  owner_registration: { en: 'Registration for an owner', he: 'רישום עבור בעלים' },
} as const satisfies Record<CreditReason, Words>;

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
