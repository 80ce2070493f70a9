// GET/POST /store/register: an agent registers a scroll from a photo, as the
// API's register-mezuzah does. A refused registration shows the form again
// with what was typed (a browser cannot be given the photo back).
import type { Account } from '../../db/records.ts';
import { registrationFields } from '../../domain/register-scroll.ts';
import { field, notice, problem } from './components.ts';
import { html, type Html } from './html.ts';
import { say, type Language, type Words } from './language.ts';
import { csrfField, renderPage } from './layout.ts';
import type { ViewContext } from './view-context.ts';
import { registerWords as words } from './words/store-register.ts';

export type RegistrationChoices = { readonly sofers: readonly Account[]; readonly megiahs: readonly Account[] };

/** The form's fields: the API's, but the owner named by email (a person knows a buyer's email, not a uuid). */
export const registrationFormFields = [...registrationFields.filter((name) => name !== 'owner_uuid'), 'owner_email'] as const;

export type RegistrationValues = Readonly<Partial<Record<(typeof registrationFormFields)[number], string>>>;

export type RegistrationProblem = {
  readonly code: 'duplicate' | 'no_credits' | 'unusable_buyer' | 'invalid_photo' | 'invalid_request' | 'busy';
  readonly msg: string;
};

function problemNotice(lang: Language, refused: RegistrationProblem): Html {
  switch (refused.code) {
    case 'duplicate':
      return notice(lang, 'error', words.duplicate);
    case 'no_credits':
      return notice(lang, 'error', words.noCredits);
    case 'unusable_buyer':
      return notice(lang, 'error', words.noSuchBuyer);
    case 'invalid_photo':
      return notice(lang, 'error', words.invalidPhoto);
    case 'busy':
      return notice(lang, 'error', words.busy);
    case 'invalid_request':
      return html`${notice(lang, 'error', words.invalidRequest)}${problem(refused.msg)}`;
  }
}

function personSelect(lang: Language, name: 'sofer' | 'megiah', label: Words, people: readonly Account[], chosen: string | undefined): Html {
  const id = `f-${name}`;
  const options = people.map((person) => {
    const place = [person.city, person.country].filter((part) => part !== '').join(', ');
    return html`<option value="${person.uuid}"${person.uuid === chosen ? html` selected` : ''}>${person.username}${place === '' ? '' : ` · ${place}`}</option>`;
  });
  const none = people.length === 0 ? html`<small id="${id}-hint">${say(lang, words.noneConfirmed, { role: label[lang] })}</small>` : '';
  return html`<div class="field">
<label for="${id}">${say(lang, label)}</label>
<select id="${id}" name="${name}" required${people.length === 0 ? html` aria-describedby="${id}-hint"` : ''}>
<option value="">${say(lang, words.choose)}</option>
${options}
</select>
${none}
</div>`;
}

export function renderRegisterForm(
  ctx: ViewContext,
  choices: RegistrationChoices,
  state: { readonly values?: RegistrationValues; readonly problem?: RegistrationProblem } = {},
): string {
  const { lang } = ctx;
  const values = state.values ?? {};
  return renderPage(ctx, {
    title: words.title,
    body: html`<p>${say(lang, words.intro)}</p>
${state.problem === undefined ? '' : html`${problemNotice(lang, state.problem)}${notice(lang, 'info', words.photoAgain)}`}
<form method="post" action="/store/register" enctype="multipart/form-data" class="card" data-busy="${words.busyLabel[lang]}">
${csrfField(ctx)}
<div class="field">
<label for="f-mezuzah">${say(lang, words.photo)}</label>
<input id="f-mezuzah" name="mezuzah" type="file" accept="image/*,.heic,.heif" data-preview="mezuzah-preview" required aria-describedby="f-mezuzah-hint">
<small id="f-mezuzah-hint">${say(lang, words.photoHint)}</small>
<div id="mezuzah-preview" class="thumbs" aria-live="polite"></div>
</div>
<div class="grid two">
${personSelect(lang, 'sofer', words.sofer, choices.sofers, values.sofer)}
${personSelect(lang, 'megiah', words.megiah, choices.megiahs, values.megiah)}
${field(lang, { label: words.written, name: 'writtendate', type: 'date', value: values.writtendate ?? '' })}
${field(lang, { label: words.examined, name: 'examinateddate', type: 'date', value: values.examinateddate ?? '' })}
${field(lang, { label: words.font, name: 'font', value: values.font ?? '', hint: words.fontHint, attributes: html` maxlength="100"` })}
${field(lang, { label: words.size, name: 'size', value: values.size ?? '', hint: words.sizeHint, attributes: html` maxlength="100"` })}
</div>
<div class="field">
<label for="f-note">${say(lang, words.note)} <span class="optional">${say(lang, words.optional)}</span></label>
<textarea id="f-note" name="note" rows="3" maxlength="2000">${values.note ?? ''}</textarea>
</div>
${field(lang, {
  label: words.owner,
  name: 'owner_email',
  type: 'email',
  value: values.owner_email ?? '',
  required: false,
  autocomplete: 'off',
  hint: words.ownerHint,
  attributes: html` maxlength="254" autocapitalize="off" spellcheck="false" dir="ltr"`,
})}
<button type="submit">${say(lang, words.submit)}</button>
</form>`,
  });
}
