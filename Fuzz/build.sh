#!/usr/bin/env bash
# Builds the libFuzzer targets (docs/fuzzing.md):
#   Fuzz/.build/fuzz-text-parser   the text front end and printer
#   Fuzz/.build/fuzz-yaml          the YAML front end, validator, engine, generator, YAML -> text
# Needs a Swift toolchain with libFuzzer (swift.org's on Linux or macOS; Xcode's has none).
set -euo pipefail
cd "$(dirname "$0")/.."
S=Sources/LayoutCompiler
B=Fuzz/.build
mkdir -p "$B"
# LayoutRuntime (number formatting shared with generated code) as its own static module
swiftc -sanitize=address -parse-as-library -O -g -static -emit-library -emit-module \
  -module-name LayoutRuntime -emit-module-path "$B/LayoutRuntime.swiftmodule" -o "$B/libLayoutRuntime.a" \
  Sources/LayoutRuntime/*.swift
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
  -module-name LayoutTextFuzz -o "$B/fuzz-text-parser" -I "$B" -L "$B" -lLayoutRuntime \
  Fuzz/FuzzTextParser.swift \
  $S/Syntax/AST.swift $S/Syntax/SourceLocation.swift $S/Syntax/KeyCatalog.swift \
  $S/Syntax/TextToken.swift $S/Syntax/TextLexer.swift $S/Syntax/TextParser.swift \
  $S/Syntax/TextParser+Values.swift $S/Syntax/TextSpelling.swift $S/Syntax/TextPrinter.swift \
  $S/Diagnostics/Diagnostic.swift $S/Diagnostics/DiagnosticBag.swift $S/Diagnostics/DiagnosticCode.swift \
  $S/Diagnostics/DiagnosticText.swift $S/Diagnostics/NumberFormat.swift

# The YAML target: libyaml (CYaml) and Yams from the package's checkout, instrumented too.
if [ ! -d .build/checkouts/Yams ]; then swift package resolve; fi
Y=.build/checkouts/Yams/Sources
rm -f "$B"/cyaml-*.o
for c in "$Y"/CYaml/src/*.c; do
  clang -fsanitize=fuzzer-no-link,address -O1 -g -I "$Y/CYaml/include" -DYAML_DECLARE_STATIC \
    -c "$c" -o "$B/cyaml-$(basename "$c" .c).o"
done
ar rcs "$B/libCYaml.a" "$B"/cyaml-*.o
swiftc -sanitize=address -parse-as-library -O -g -static -emit-library -emit-module \
  -module-name Yams -emit-module-path "$B/Yams.swiftmodule" -o "$B/libYams.a" \
  -D SWIFT_PACKAGE -Xcc -DYAML_DECLARE_STATIC -I "$Y/CYaml/include" "$Y"/Yams/*.swift
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
  -module-name LayoutYAMLFuzz -o "$B/fuzz-yaml" -I "$B" -I "$Y/CYaml/include" -Xcc -DYAML_DECLARE_STATIC -L "$B" \
  -lLayoutRuntime -lYams -lCYaml \
  Fuzz/FuzzYAMLFrontEnd.swift $(find $S -name '*.swift' | sort)
