#!/bin/sh
# A base backup of the shop's PostgreSQL (decision 091; README, "Backups"). Run it daily (cron or a systemd timer)
# as the postgres user on a machine that reaches the primary. Together with the WAL archive the primary writes
# (archive_command, see README) it restores the database to any moment since the oldest backup kept.
#
#   PGHOST, PGPORT, PGUSER   the primary (the same address the API hosts use: through HAProxy it is always the primary)
#   BACKUP_DIR               where backups go: BACKUP_DIR/base/<UTC time>/ (a plain copy, checked with pg_verifybackup)
#   WAL_ARCHIVE_DIR          the primary's archive_command folder (default BACKUP_DIR/wal)
#   KEEP                     base backups kept (default 7); WAL older than the oldest kept one is removed
#   PG_BIN                   PostgreSQL's programs (default /usr/lib/postgresql/15/bin)
set -eu
: "${BACKUP_DIR:?set BACKUP_DIR}"
WAL_ARCHIVE_DIR="${WAL_ARCHIVE_DIR:-$BACKUP_DIR/wal}"
KEEP="${KEEP:-7}"
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
dest="$BACKUP_DIR/base/$stamp"
mkdir -p "$BACKUP_DIR/base"
started=$(date +%s)
# -X stream: the WAL written during the copy comes with it, so the copy is consistent on its own;
# -c fast: a checkpoint now rather than spread over minutes
"$PG_BIN/pg_basebackup" -D "$dest.partial" -X stream -c fast --label "spesa $stamp" --no-password
"$PG_BIN/pg_verifybackup" -q "$dest.partial"
mv "$dest.partial" "$dest"
echo "base backup $dest: $(du -sh "$dest" | cut -f1), $(( $(date +%s) - started )) s"
# retention: the newest KEEP backups, and the WAL the oldest of them needs
ls -1d "$BACKUP_DIR"/base/*Z 2>/dev/null | sort | head -n "-$KEEP" | xargs -r rm -rf
oldest="$(ls -1d "$BACKUP_DIR"/base/*Z | sort | head -n 1)"
first_wal="$(sed -n 's/^START WAL LOCATION: .* (file \([0-9A-F]*\))$/\1/p' "$oldest/backup_label")"
if [ -n "$first_wal" ] && [ -d "$WAL_ARCHIVE_DIR" ]; then
  "$PG_BIN/pg_archivecleanup" "$WAL_ARCHIVE_DIR" "$first_wal"
fi
