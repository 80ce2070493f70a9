// Progressive enhancement only: every page works without this script.
// - [data-copy]: a button that copies the text of the element it names.
// - input[type=file][data-preview]: shows the chosen photo before upload.
// - form[data-busy]: disables the submit button and shows its busy label while the upload runs.
// - form[data-confirm]: asks before a destructive action.
// - section.text-check[data-state=pending] (a scroll's text check still running): looks again
//   now and then, less and less often, and puts the result in place of that section alone, so
//   nothing typed elsewhere on the page is lost; without script the page says to reload.
'use strict';
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('[data-copy]') : null;
  if (!button) return;
  const source = document.getElementById(button.getAttribute('data-copy'));
  if (!source || !navigator.clipboard) return;
  navigator.clipboard.writeText(source.textContent.trim()).then(() => {
    const done = button.getAttribute('data-copied');
    if (done) button.textContent = done;
  });
});

document.addEventListener('change', (event) => {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || input.type !== 'file' || !input.dataset.preview) return;
  const holder = document.getElementById(input.dataset.preview);
  if (!holder) return;
  holder.replaceChildren();
  for (const file of input.files || []) {
    if (!file.type.startsWith('image/')) continue;
    const img = document.createElement('img');
    img.alt = '';
    img.src = URL.createObjectURL(file);
    img.onload = () => URL.revokeObjectURL(img.src);
    holder.append(img);
  }
});

document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  const question = form.getAttribute('data-confirm');
  if (question && !window.confirm(question)) {
    event.preventDefault();
    return;
  }
  const busy = form.getAttribute('data-busy');
  // The button pressed, where a form has several (the check's two kinds of check).
  const button = event.submitter || form.querySelector('button[type=submit]');
  if (busy && button) {
    // After this tick, so the button's own name/value is still submitted.
    setTimeout(() => {
      button.disabled = true;
      button.textContent = busy;
    }, 0);
  }
});

(() => {
  const pending = document.querySelector('section.text-check[data-state="pending"]');
  if (!pending || !window.fetch || !window.DOMParser) return;
  let wait = 4000;
  const look = () => {
    fetch(location.href, { headers: { accept: 'text/html' }, credentials: 'same-origin' })
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))))
      .then((text) => {
        const fresh = new DOMParser().parseFromString(text, 'text/html').getElementById(pending.id);
        if (fresh && fresh.getAttribute('data-state') !== 'pending') {
          pending.replaceWith(document.adoptNode(fresh));
          return;
        }
        wait *= 2;
        if (wait <= 64000) setTimeout(look, wait);
      })
      .catch(() => {});
  };
  setTimeout(look, wait);
})();
