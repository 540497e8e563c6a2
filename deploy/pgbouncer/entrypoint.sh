#!/bin/sh
# Writes PgBouncer's settings from the environment and runs it in the foreground.
# DB_HOST, DB_PORT (5432), DB_USER, DB_PASSWORD; POOL_SIZE (server connections per database, 40).
set -eu
dir=/tmp/pgbouncer
mkdir -p "$dir"
printf '"%s" "%s"\n' "$DB_USER" "$DB_PASSWORD" > "$dir/users.txt"
cat > "$dir/pgbouncer.ini" <<INI
[databases]
* = host=${DB_HOST} port=${DB_PORT:-5432}

[pgbouncer]
listen_addr = 0.0.0.0
listen_port = 6432
unix_socket_dir =
; clients must know the database password; the server login uses the same pair
auth_type = scram-sha-256
auth_file = $dir/users.txt
admin_users = ${DB_USER}
pool_mode = transaction
default_pool_size = ${POOL_SIZE:-40}
max_client_conn = 5000
ignore_startup_parameters = extra_float_digits,options
INI
exec pgbouncer "$dir/pgbouncer.ini"
