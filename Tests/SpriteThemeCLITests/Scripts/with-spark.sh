#!/usr/bin/env bash
# Runs a PySpark script (examples/spark/sprite_themes.py, read_parquet.py) with what it needs, set
# up here: a Java 17 or newer runtime (Debian's openjdk-17-jre-headless, installed with apt-get
# when missing and running as root or with sudo; otherwise a loud message naming it, exit 3) and
# PySpark from PyPI in the throwaway venv VENV (created when missing; the caller removes it).
# usage: with-spark.sh VENV SCRIPT.py ARGS...
set -euo pipefail
venv="$1"; shift
# Everything temporary under $TMPDIR (the test process's scratch folder, removed after the run):
# the JVM's files (its performance data goes to /tmp whatever it is told, so it is turned off)
# and Spark's local directories.
tmp="${TMPDIR:-/tmp}"
export JAVA_TOOL_OPTIONS="-Djava.io.tmpdir=$tmp -XX:-UsePerfData${JAVA_TOOL_OPTIONS:+ $JAVA_TOOL_OPTIONS}"
export SPARK_LOCAL_DIRS="${SPARK_LOCAL_DIRS:-$tmp}"

java_major() {
  command -v java >/dev/null 2>&1 || { echo 0; return; }
  java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n 1
}
if [ "$(java_major)" -lt 17 ] 2>/dev/null || [ -z "$(java_major)" ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo"; fi
  if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" -eq 0 ] || [ -n "$sudo" ]; }; then
    echo "with-spark: installing openjdk-17-jre-headless" >&2
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq </dev/null >&2
    $sudo apt-get install -y -qq --no-install-recommends openjdk-17-jre-headless </dev/null >&2
  else
    echo "with-spark: *** MISSING: Java 17 *** the Spark job's test needs Debian's" \
      "openjdk-17-jre-headless: apt-get install openjdk-17-jre-headless" >&2
    exit 3
  fi
fi

python="${PYTHON:-python3}"
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv" >&2
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "pyspark>=3.5,<5" >&2
fi
# Spark on one machine: no network lookups of the host name, quiet logs.
export SPARK_LOCAL_IP="${SPARK_LOCAL_IP:-127.0.0.1}"
export PYSPARK_PYTHON="$venv/bin/python"
exec "$venv/bin/python" "$@"
