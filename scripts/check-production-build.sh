#!/usr/bin/env bash
# The Dockerfile's steps without Docker (no engine runs on our machines): in a temporary copy of
# the repository run the build stage (npm ci, npm run build) and the runtime-packages stage (its
# RUN line, on the manifests alone), lay out the files the runtime stage copies (read from the
# Dockerfile's `COPY --from=` lines), check the runtime's node_modules holds only the server's
# production packages (at most 200 MB), start the image's CMD on Node 24 (the build's
# node_modules/.bin/node stands in for the base image's) and check what a container platform
# relies on.
#
#   scripts/check-production-build.sh                  the committed tree (HEAD), as CI sees it
#   scripts/check-production-build.sh --working-tree   tracked and untracked files as they are now
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
source_tree=HEAD
case "${1:-}" in
  '') ;;
  --working-tree) source_tree=working-tree ;;
  *)
    echo "usage: $0 [--working-tree]" >&2
    exit 2
    ;;
esac

tmp=$(mktemp -d "${TMPDIR:-/tmp}/chatdesk-production-build.XXXXXX")
build="$tmp/build"
image="$tmp/image"
server_pid=''
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill -KILL "$server_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

passed=0
failed=0
pass() {
  printf 'ok    %s\n' "$1"
  passed=$((passed + 1))
}
fail() {
  printf 'FAIL  %s\n' "$1"
  failed=$((failed + 1))
}
finish() {
  printf 'production build: %d passed, %d failed\n' "$passed" "$failed"
  if [ "$failed" -eq 0 ]; then exit 0; else exit 1; fi
}
# A step the rest depends on: on failure show the end of its output and stop.
step() {
  local name=$1 log="$tmp/$2.log"
  shift 2
  local started=$SECONDS
  if "$@" >"$log" 2>&1; then
    pass "$name ($((SECONDS - started)) s)"
  else
    fail "$name"
    tail -n 30 "$log" | sed 's/^/      /'
    finish
  fi
}

mkdir -p "$build" "$image"
if [ "$source_tree" = HEAD ]; then
  git -C "$root" archive HEAD | tar -x -C "$build"
else
  # Files deleted but not yet committed are still listed by git: copy only those that exist.
  (
    cd "$root"
    git ls-files -z --cached --others --exclude-standard |
      while IFS= read -r -d '' file; do [ -e "$file" ] && printf '%s\0' "$file"; done |
      tar --null -T - -cf -
  ) | tar -x -C "$build"
fi
echo "source: $source_tree of $root"

# The Dockerfile's build stage.
cd "$build"
step 'npm ci' npm-ci npm ci --no-audit --no-fund
step 'npm run build' npm-build npm run build

dockerfile="$build/Dockerfile"
if [ ! -f "$dockerfile" ]; then
  fail "a Dockerfile in the $source_tree tree"
  finish
fi

# The runtime-packages stage: its RUN line on the manifests it copies, in a folder of its own.
packages="$tmp/packages"
mkdir -p "$packages"
stage=$(sed -n '/ AS runtime-packages$/,/^FROM /p' "$dockerfile")
for path in $(echo "$stage" | sed -n 's/^COPY //p' | awk '{ for (i = 1; i < NF; i++) print $i }'); do
  cp --parents "$path" "$packages/"
done
install=$(echo "$stage" | sed -n 's/^RUN //p')
step "runtime packages: $install" runtime-packages bash -c "cd '$packages' && $install"

# The runtime stage: exactly the paths the Dockerfile copies from the two stages, nothing else.
copied=$(sed -n 's/^COPY --from=build //p' "$dockerfile" | awk '{ for (i = 1; i < NF; i++) print $i }' | sed 's|^/app/||')
missing=''
for path in $copied; do
  if [ -e "$path" ]; then cp -a --parents "$path" "$image/"; else missing="$missing $path"; fi
done
if [ -z "$missing" ]; then pass "runtime files as the Dockerfile copies them: $(echo $copied)"; else fail "runtime files missing:$missing"; fi
if grep -q '^COPY --from=runtime-packages /app/node_modules ./node_modules$' "$dockerfile"; then
  cp -a "$packages/node_modules" "$image/"
  pass 'node_modules from the runtime-packages stage'
else
  fail 'the runtime stage copies node_modules from the runtime-packages stage'
  finish
fi

# Only what the server runs: no dev tool, no web package, no second Node; at most 200 MB.
for package in vite vitest typescript react @mantine/core @tabler/icons-react node; do
  if [ -e "$image/node_modules/$package" ]; then fail "not in the runtime: $package is there"; else
    pass "not in the runtime: $package"
  fi
done
size=$(du -sm "$image/node_modules" | cut -f1)
if [ "$size" -le 200 ]; then pass "the runtime's node_modules: $size MB (at most 200)"; else
  fail "the runtime's node_modules: $size MB (at most 200)"
fi

cd "$image"
# The base image's Node 24, played by the one the build installed.
node="$build/node_modules/.bin/node"
version=$("$node" --version 2>/dev/null || echo none)
if [[ $version == v24.* ]]; then pass "Node 24 at $node ($version)"; else
  fail "Node 24 at $node (found: $version)"
  finish
fi

# The image's CMD, run with that Node.
read -r -a command < <("$node" -e '
  const cmd = require("fs").readFileSync(process.argv[1], "utf8").match(/^CMD (\[.*\])$/m);
  console.log(cmd ? JSON.parse(cmd[1]).join(" ") : "");
' "$dockerfile")
if [ "${command[0]:-}" != node ]; then
  fail "the Dockerfile's CMD starts node (found: ${command[*]:-nothing})"
  finish
fi

get() { # url, body file → prints the status and the content type; 0 when nothing answers
  "$node" -e '
    fetch(process.argv[1], { signal: AbortSignal.timeout(5000) })
      .then(async (r) => {
        require("fs").writeFileSync(process.argv[2], await r.text());
        console.log(r.status, r.headers.get("content-type") ?? "");
      })
      .catch(() => console.log(0));
  ' "$1" "$2" || echo 0
}

port=$("$node" -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });')
base="http://127.0.0.1:$port"
# A container's environment: nothing but what the image and the platform set.
env -i PATH="$PATH" HOME="$tmp" \
  NODE_ENV=production \
  JWT_SECRET="$(openssl rand -hex 32)" \
  DATA_DIR="$tmp/data" \
  SEED_DEMO=false \
  ADMIN_USERNAME=admin \
  ADMIN_PASSWORD=a-long-password \
  HOST=127.0.0.1 \
  PORT="$port" \
  SHUTDOWN_DRAIN_MS=500 \
  "$node" "${command[@]:1}" >"$tmp/server.log" 2>&1 &
server_pid=$!

show_server_log() { tail -n 30 "$tmp/server.log" | sed 's/^/      /'; }

ready=''
started=$SECONDS
while [ $((SECONDS - started)) -lt 60 ]; do
  if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
  read -r status _ < <(get "$base/api/health/ready" "$tmp/ready.json")
  if [ "$status" = 200 ]; then
    ready=yes
    break
  fi
  sleep 0.5
done
if [ -n "$ready" ]; then pass "GET /api/health/ready answers 200 ($((SECONDS - started)) s after start)"; else
  fail "GET /api/health/ready answers 200 within 60 s (last status: ${status:-none})"
  show_server_log
  finish
fi

read -r status type < <(get "$base/" "$tmp/index.html")
if [ "$status" = 200 ] && [[ $type == text/html* ]] && grep -q 'id="root"' "$tmp/index.html" &&
  grep -q 'src="/assets/[^"]*\.js"' "$tmp/index.html"; then
  pass "GET / serves the built web app's HTML"
else
  fail "GET / serves the built web app's HTML (status $status, $type)"
fi

read -r status _ < <(get "$base/api/health/live" "$tmp/live.json")
if [ "$status" = 200 ]; then pass 'GET /api/health/live answers 200'; else fail "GET /api/health/live answers 200 (got $status)"; fi

map=$(find apps/web/dist/assets -name '*.map' -print -quit)
if [ -n "$map" ]; then
  read -r status _ < <(get "$base/${map#apps/web/dist/}" "$tmp/map")
  if [ "$status" = 404 ]; then pass "a built source map is not served (/${map#apps/web/dist/}: 404)"; else
    fail "a built source map is not served (/${map#apps/web/dist/}: $status)"
  fi
  if grep -rlq 'sourceMappingURL' apps/web/dist/assets --include='*.js'; then
    fail 'built scripts do not point at their source maps (hidden maps)'
  else
    pass 'built scripts do not point at their source maps (hidden maps)'
  fi
else
  script=$(find apps/web/dist/assets -name '*.js' -print -quit)
  read -r status _ < <(get "$base/${script#apps/web/dist/}.map" "$tmp/map")
  if [ "$status" = 404 ]; then pass "no source map served (/${script#apps/web/dist/}.map: 404; the build wrote none)"; else
    fail "no source map served (/${script#apps/web/dist/}.map: $status)"
  fi
fi

if grep -q '"msg":"ready"' "$tmp/server.log"; then pass 'logs are JSON lines (pino)'; else
  fail 'logs are JSON lines (pino): no {"msg":"ready"} line'
  show_server_log
fi

kill -TERM "$server_pid"
stopped=''
for _ in $(seq 1 100); do
  if ! kill -0 "$server_pid" 2>/dev/null; then
    stopped=yes
    break
  fi
  sleep 0.2
done
if [ -n "$stopped" ]; then
  code=0
  wait "$server_pid" || code=$?
  server_pid=''
  if [ "$code" = 0 ]; then pass 'SIGTERM: drains, closes and exits 0 within 20 s'; else
    fail "SIGTERM: exits 0 (exit code $code)"
    show_server_log
  fi
else
  fail 'SIGTERM: exits within 20 s'
  show_server_log
fi

finish
