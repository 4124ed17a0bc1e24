#!/usr/bin/env bash
# Fuzz every input goldnet takes from outside (docs/security.md, "Fuzzing"):
#   tools/fuzz.sh [--inputs N] [--targets A,B] [--jobs J] [--timeout S] [--seed S] [--keep DIR] [--json]
# Runs in the current Python environment (the developer set-up of the README, which installs
# atheris with the test extras on Linux); exit status 0 when nothing was found.
set -euo pipefail
cd "$(dirname "$0")/.."
exec "${PYTHON:-python}" -m tests.fuzz.run "$@"
