#!/usr/bin/env bash
# The console's screenshots in docs/images/, as docs/console.md shows them: taken by the every-page
# browser test (a seeded workspace, Chromium at 1280 and 390 px), then shrunk with pngquant when the
# machine has it (Debian's package).
set -euo pipefail
cd "$(dirname "$0")/.."
ADOPS_TEST_DIALECTS=sqlite npx vitest run test/console/every-page.browser.test.ts
for page in overview activity approvals approval monitors monitor notifications keys connections usage members clients; do
  for width in 1280 390; do
    from="test-results/console/${page}-${width}.png"
    to="docs/images/console-${page}-${width}.png"
    if command -v pngquant >/dev/null; then
      pngquant --force --quality 70-90 --output "$to" "$from"
    else
      cp "$from" "$to"
    fi
  done
done
ls -la docs/images
