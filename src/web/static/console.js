// The console works without this script; it only adds the copy button of a new API key.
for (const button of document.querySelectorAll('button[data-copy]')) {
  button.hidden = false;
  button.addEventListener('click', async () => {
    const field = document.getElementById(button.dataset.copy);
    const status = document.getElementById(button.dataset.copyStatus);
    if (!field) return;
    let copied = false;
    try {
      await navigator.clipboard.writeText(field.value);
      copied = true;
    } catch {
      // No clipboard permission (plain http on another host): select the text for Ctrl+C instead.
      field.select();
    }
    if (status) status.textContent = copied ? 'Copied to the clipboard.' : 'Selected: press Ctrl+C to copy.';
  });
}
