#!/bin/sh
# The nightly backup (pest-backup.service): `npm run backup` into BACKUP_ROOT/<UTC date and time>,
# then removal of the backup folders older than BACKUP_RETENTION_DAYS, only after a backup has
# succeeded, so a failing backup never eats the last good ones. Runs with the site's environment
# (/etc/pest/pest.env): DATABASE_URL, DATA_DIR, STORAGE and S3_* say what to copy.
set -eu
root=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
backups=${BACKUP_ROOT:-/var/backups/pest}
keep_days=${BACKUP_RETENTION_DAYS:-30}
target="$backups/$(date -u +%Y-%m-%dT%H%M%SZ)"

mkdir -p "$backups"
# The built backup command with the checkout's pinned Node (what `npm run backup` runs after
# building the server, which the read-only checkout of a service cannot do).
"$root/node_modules/.bin/node" --enable-source-maps "$root/apps/server/dist/backup.js" "$target"

# Backups are folders named by their UTC time; -mtime counts whole days since the folder was
# written. The removed folders are printed (the journal keeps the list).
find "$backups" -mindepth 1 -maxdepth 1 -type d -name '20[0-9][0-9]-*' -mtime +"$((keep_days - 1))" \
  -print -exec rm -rf -- {} +
echo "backup written to $target"
