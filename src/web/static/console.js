// The console works without this script. It adds what only a script can: copying to the clipboard, and
// confirmations that close as a person expects.

/** Copies `text`; answers whether the clipboard took it (plain http on another host refuses). */
async function copied(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

// A secret shown once: its Copy button, and the line that says what happened.
for (const button of document.querySelectorAll('button[data-copy]')) {
  button.hidden = false;
  button.addEventListener('click', async () => {
    const field = document.getElementById(button.dataset.copy);
    const status = document.getElementById(button.dataset.copyStatus);
    if (!field) return;
    const done = await copied(field.value);
    // No clipboard: select the text for Ctrl+C instead.
    if (!done) field.select();
    if (status) status.textContent = done ? 'Copied to the clipboard.' : 'Selected: press Ctrl+C to copy.';
  });
}

// An id: a small Copy button after it, which says "Copied" for a moment.
for (const code of document.querySelectorAll('code.id')) {
  const id = code.textContent ?? '';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'secondary copy-id';
  button.textContent = 'Copy';
  button.setAttribute('aria-label', `Copy ${id}`);
  button.addEventListener('click', async () => {
    if (!(await copied(id))) {
      getSelection()?.selectAllChildren(code);
      button.textContent = 'Selected';
    } else button.textContent = 'Copied';
    setTimeout(() => {
      button.textContent = 'Copy';
    }, 1500);
  });
  code.after(button);
}

// Confirmations: one open at a time, and Escape closes the open one, back on its control.
const confirmations = [...document.querySelectorAll('details.confirm')];
for (const details of confirmations) {
  details.addEventListener('toggle', () => {
    if (!details.open) return;
    for (const other of confirmations) if (other !== details) other.open = false;
  });
}
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  const open = confirmations.find((details) => details.open);
  if (!open) return;
  open.open = false;
  open.querySelector('summary')?.focus();
});
