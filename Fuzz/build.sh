#!/usr/bin/env bash
# Builds the libFuzzer targets (docs/fuzzing.md):
#   Fuzz/.build/fuzz-text-parser   the text front end and printer
#   Fuzz/.build/fuzz-yaml          the YAML front end, validator, engine, generator, YAML -> text
# Needs a Swift toolchain with libFuzzer (swift.org's on Linux or macOS; Xcode's has none).
#
# FUZZ_ASAN=0 leaves AddressSanitizer out (into Fuzz/.build-noasan): Swift's own checks still trap,
# and the targets run about three times as many inputs a second, which the long runs need.
set -euo pipefail
cd "$(dirname "$0")/.."
S=Sources/LayoutCompiler
if [ "${FUZZ_ASAN:-1}" = 0 ]; then
  B=Fuzz/.build-noasan; LIBSAN=""; SAN=fuzzer
else
  B=Fuzz/.build; LIBSAN="-sanitize=address"; SAN=fuzzer,address
fi
mkdir -p "$B"
# LayoutRuntimeCore (the runtime's placement and number formatting, shared with generated code)
# as its own static module
swiftc $LIBSAN -parse-as-library -O -g -static -emit-library -emit-module -package-name layoutc \
  -module-name LayoutRuntimeCore -emit-module-path "$B/LayoutRuntimeCore.swiftmodule" -o "$B/libLayoutRuntimeCore.a" \
  Sources/LayoutRuntimeCore/*.swift
# The text target: the text front end and printer, compiled with the whole compiler (the
# front end's messages come from the catalogs in Diagnostics/, which reach into the rest).
swiftc -sanitize=$SAN -parse-as-library -O -g -package-name layoutc \
  -module-name LayoutTextFuzz -o "$B/fuzz-text-parser" -I "$B" -I Sources/CLibYAML -L "$B" \
  -lLayoutRuntimeCore -lyaml \
  Fuzz/FuzzTextParser.swift $(find $S -name '*.swift' | sort)

# The YAML target: the whole compiler over the system libyaml (Sources/CLibYAML's module map,
# pkg-config yaml-0.1; libyaml itself is not instrumented).
swiftc -sanitize=$SAN -parse-as-library -O -g -package-name layoutc \
  -module-name LayoutYAMLFuzz -o "$B/fuzz-yaml" -I "$B" -I Sources/CLibYAML -L "$B" \
  -lLayoutRuntimeCore -lyaml \
  Fuzz/FuzzYAMLFrontEnd.swift $(find $S -name '*.swift' | sort)
