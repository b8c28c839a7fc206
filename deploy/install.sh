#!/usr/bin/env bash
# The production install on one Linux server with systemd, run as root from the clone, which stays
# where it is (for example /opt/bank-integration-service) and is what the service runs:
#   - builds the clone (npm ci), then removes the build tools (npm prune --omit=dev);
#   - makes the system user bis (no login, no home of its own);
#   - installs the units bis.service, bis-backup.service and bis-backup.timer, pointed at this clone;
#   - writes /etc/bis.env from deploy/bis.env.example, root's only, unless it exists;
#   - puts bis on the PATH as /usr/local/bin/bis, a link to this clone's command line;
#   - enables the service and the nightly backup, and (re)starts them unless --no-start.
# Running it again after `git pull` updates the same things and keeps /etc/bis.env.
set -euo pipefail

start=yes
for argument in "$@"; do
  case "$argument" in
    --no-start) start=no ;;
    *) echo "usage: deploy/install.sh [--no-start]" >&2; exit 2 ;;
  esac
done

app="$(cd "$(dirname "$0")/.." && pwd)"
units=/etc/systemd/system
say() { printf '%s\n' "$*"; }

[ "$(id -u)" -eq 0 ] || { say "run as root: it makes a system user and installs systemd units" >&2; exit 1; }
node="$(command -v node || true)"
[ -n "$node" ] || { say "Node.js 20 or later is needed (for example: apt-get install nodejs)" >&2; exit 1; }
major="$("$node" -p 'process.versions.node.split(".")[0]')"
[ "$major" -ge 20 ] || { say "Node.js 20 or later is needed; $node is $("$node" -v)" >&2; exit 1; }

say "Building $app"
(cd "$app" && npm ci --no-audit --no-fund --loglevel=error && npm prune --omit=dev --no-audit --no-fund --loglevel=error)

if ! id bis >/dev/null 2>&1; then
  say "Making the system user bis"
  useradd --system --user-group --home-dir /var/lib/bis --no-create-home --shell /usr/sbin/nologin bis
fi

say "Installing the units in $units"
for unit in bis.service bis-backup.service bis-backup.timer; do
  sed -e "s|/opt/bank-integration-service|$app|g" -e "s|/usr/bin/node|$node|g" \
    "$app/deploy/systemd/$unit" >"$units/$unit.new"
  chmod 0644 "$units/$unit.new"
  mv "$units/$unit.new" "$units/$unit"
done

if [ ! -e /etc/bis.env ]; then
  say "Writing /etc/bis.env (root's only): set BIS_PUBLIC_URL and BIS_TIME_ZONE in it"
  (umask 077 && cp "$app/deploy/bis.env.example" /etc/bis.env)
fi

say "Linking /usr/local/bin/bis to $app/bin/bis.mjs"
mkdir -p /usr/local/bin
ln -sfn "$app/bin/bis.mjs" /usr/local/bin/bis

if [ -d /run/systemd/system ]; then
  systemctl daemon-reload
  if [ "$start" = yes ]; then
    systemctl enable bis.service bis-backup.timer
    # Restarted, not only started: after a git pull the running service is the old version.
    systemctl restart bis.service
    systemctl start bis-backup.timer
    say "Started. Next: journalctl -u bis says how to make the first admin."
  else
    systemctl enable bis.service bis-backup.timer
    say "Enabled; start it with: systemctl start bis"
  fi
else
  say "systemd is not running here: the units are installed but not enabled."
fi
