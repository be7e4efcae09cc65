#!/bin/sh
# Restores a base backup of deploy/pg-backup.sh into a new data folder and replays the WAL archive over it
# (decision 091; README, "Backups"). Run as the postgres user, then start the server on the folder: it replays
# the archive up to its end (or to RECOVERY_TARGET_TIME), then opens for writes on a new timeline.
#
#   pg-restore.sh BASE_BACKUP_DIR NEW_DATA_DIR
#   WAL_ARCHIVE_DIR        the archive the primary wrote (required)
#   RECOVERY_TARGET_TIME   optional, e.g. '2026-11-29 10:15:00+01': stop there (a mistake made after it is undone)
#
# The restored server neither archives nor waits for a synchronous standby (both are set off): check it, point the
# API hosts at it, then turn archiving back on and make a new base backup, as the restored one starts a new history.
set -eu
base="${1:?base backup folder}"
data="${2:?new data folder}"
: "${WAL_ARCHIVE_DIR:?set WAL_ARCHIVE_DIR}"
if [ -e "$data" ] && [ -n "$(ls -A "$data" 2>/dev/null)" ]; then
  echo "$data is not empty: restore into a new folder" >&2
  exit 1
fi
mkdir -p "$data"
cp -a "$base/." "$data/"
chmod 700 "$data"
rm -f "$data/standby.signal" "$data/backup_manifest"
{
  echo "restore_command = 'cp \"$WAL_ARCHIVE_DIR/%f\" \"%p\"'"
  echo "recovery_target_timeline = 'latest'"
  if [ -n "${RECOVERY_TARGET_TIME:-}" ]; then
    echo "recovery_target_time = '$RECOVERY_TARGET_TIME'"
    echo "recovery_target_action = 'promote'"
  fi
  echo "archive_mode = off"
  echo "synchronous_standby_names = ''"
  echo "primary_conninfo = ''"
} >> "$data/postgresql.auto.conf"
touch "$data/recovery.signal"
echo "restored $base into $data; start it with: pg_ctl -D $data start"
