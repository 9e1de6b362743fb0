# html5-wasm build.
#
#   make            native library + test drivers + dist/html5.wasm
#   make test       everything: set-up, native (sanitized) suites, wasm build, JS suites
#   make demo       parse the bundled sample page and print its tree
#   make setup      install what a fresh Debian machine lacks (emscripten, binaryen, npm packages)
#   make bench      benchmarks (never part of `make test`), XML vs HTML included
#   make size       size of what a browser downloads
#   make gen        regenerate the committed generated files (scripts/gen-*.mjs)
#   make fuzz       libFuzzer run (FUZZ_SECONDS, default 60)

SHARED   ?= $(abspath ../shared)
CC       ?= cc
EMCC     ?= emcc
WASM_OPT ?= wasm-opt
NODE     ?= node

# The C core, a folder per stage (README, Layout); each folder is on the
# include path, so a file includes "tokenizer.h", not a path.
STAGES   := common encoding tokenizer tree tree/modes output xml5
SRC_DIRS := $(addprefix src/,$(STAGES))
INC      := $(addprefix -I,$(SRC_DIRS))
SRC      := $(sort $(foreach d,$(SRC_DIRS),$(wildcard $(d)/*.c)))
HDR      := $(foreach d,$(SRC_DIRS),$(wildcard $(d)/*.h))
CSTD     := -std=c11 -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes $(INC)
CFLAGS_N := $(CSTD) -O2 -g
CFLAGS_S := $(CSTD) -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all

B := build

# Native objects (release) and the static library.
OBJ_N := $(patsubst src/%.c,$(B)/native/%.o,$(SRC))
OBJ_S := $(patsubst src/%.c,$(B)/asan/%.o,$(SRC))

.PHONY: check-shared all bundles native wasm test test-native test-js setup demo bench size fuzz clean gen

all: native wasm bundles

# The Node entry points js/node.bundle.js, js/inline.node.js and js/node-entries/*.js
# (ESM, with shared chunks in js/chunks/) and js/index.cjs (CommonJS),
# generated from the ESM sources; shipped, not committed.
JS_SRC := $(filter-out js/index.cjs js/node.bundle.js js/inline.node.js js/chunks/%.js js/node-entries/%.js js/inline-wasm.js,$(wildcard js/*.js js/*/*.js))
bundles: js/node.bundle.js js/cjs-types/index.d.cts js/inline-wasm.js dist/html5-wasm.min.js
js/node.bundle.js: $(JS_SRC) js/inline-wasm.js scripts/build-bundles.mjs package.json
	$(NODE) scripts/build-bundles.mjs
js/index.cjs: js/node.bundle.js
# The CommonJS types of js/index.cjs (js/cjs-types/**/*.d.cts), from js/**/*.d.ts; shipped, not committed.
js/cjs-types/index.d.cts: $(wildcard js/*.d.ts js/*/*.d.ts) scripts/build-dcts.mjs
	$(NODE) scripts/build-dcts.mjs
# html5-wasm/inline (js/inline.js) embeds the wasm as base64: shipped, not committed.
js/inline-wasm.js: dist/html5.wasm dist/xml5.wasm dist/rewrite.wasm scripts/build-inline.mjs
	$(NODE) scripts/build-inline.mjs
# The browser entry points: minified ES modules with source maps (also
# dist/html5-wasm-inline.min.js, dist/html5-wasm-core.min.js); shipped, not committed.
dist/html5-wasm.min.js: $(JS_SRC) js/inline-wasm.js scripts/build-browser.mjs package.json
	$(NODE) scripts/build-browser.mjs

native: $(B)/libhtml5.a $(B)/asan/tokenizer_test $(B)/asan/tree_test $(B)/asan/deep_test $(B)/asan/serialize_test $(B)/asan/scan_test $(B)/asan/xml5_tokenizer_test $(B)/asan/xml5_tree_test

$(B)/native/%.o: src/%.c $(HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_N) -c $< -o $@

$(B)/asan/%.o: src/%.c $(HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_S) -c $< -o $@

$(B)/libhtml5.a: $(OBJ_N)
	ar rcs $@ $^

$(B)/libhtml5-asan.a: $(OBJ_S)
	ar rcs $@ $^

# Test support: the byte decoders of the native tests, the fuzzer and the
# native benchmark (the product decodes bytes in JS, js/html/bytes.js).
DECODERS := test/native/decoders.c test/native/decoders.h test/native/test_files.h

$(B)/asan/tokenizer_test: test/native/tokenizer_test.c test/native/json.c test/native/json.h test/native/position.c test/native/position.h $(DECODERS) $(B)/libhtml5-asan.a
	$(CC) $(CFLAGS_S) test/native/tokenizer_test.c test/native/json.c test/native/position.c test/native/decoders.c $(B)/libhtml5-asan.a -o $@

$(B)/asan/tree_test: test/native/tree_test.c $(DECODERS) $(B)/libhtml5-asan.a
	$(CC) $(CFLAGS_S) test/native/tree_test.c test/native/decoders.c $(B)/libhtml5-asan.a -o $@

# The scanners are src/tokenizer/scan.h alone (static inline).  The wasm build of the
# test runs them with simd128, as dist/html5.wasm does.
$(B)/asan/scan_test: test/native/scan_test.c src/tokenizer/scan.h src/common/h5.h
	$(CC) $(CFLAGS_S) test/native/scan_test.c -o $@
$(B)/asan/scan_test8: test/native/scan_test.c src/tokenizer/scan.h src/common/h5.h
	$(CC) $(CFLAGS_S) $(REWRITE_DEFS) test/native/scan_test.c -o $@

# The rewriter's tokenizer (REWRITE_DEFS) reads attributes as written as it makes them (test/native/attrs_test.c).
REWRITE_TOKENIZER := src/tokenizer/tokenizer.c src/tokenizer/charref.c src/tokenizer/entities_data.c $(wildcard src/common/*.c)
$(B)/asan/attrs_test: test/native/attrs_test.c $(REWRITE_TOKENIZER) $(HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_S) $(REWRITE_DEFS) test/native/attrs_test.c $(REWRITE_TOKENIZER) -o $@

$(B)/wasm/scan_test.wasm: test/native/scan_test.c src/tokenizer/scan.h src/common/h5.h
	@mkdir -p $(dir $@)
	$(EMCC) -std=c11 -Wall -Wextra -Werror $(INC) -O2 -msimd128 -s STANDALONE_WASM=1 test/native/scan_test.c -o $@
$(B)/wasm/scan_test8.wasm: test/native/scan_test.c src/tokenizer/scan.h src/common/h5.h
	@mkdir -p $(dir $@)
	$(EMCC) -std=c11 -Wall -Wextra -Werror $(INC) $(REWRITE_DEFS) -O2 -msimd128 -s STANDALONE_WASM=1 test/native/scan_test.c -o $@

$(B)/asan/deep_test: test/native/deep_test.c $(DECODERS) $(B)/libhtml5-asan.a
	$(CC) $(CFLAGS_S) test/native/deep_test.c test/native/decoders.c $(B)/libhtml5-asan.a -o $@

$(B)/asan/serialize_test: test/native/serialize_test.c $(DECODERS) $(B)/libhtml5-asan.a
	$(CC) $(CFLAGS_S) test/native/serialize_test.c test/native/decoders.c $(B)/libhtml5-asan.a -o $@

$(B)/asan/encoding_test: test/native/encoding_test.c $(DECODERS) $(B)/libhtml5-asan.a
	$(CC) $(CFLAGS_S) test/native/encoding_test.c test/native/decoders.c $(B)/libhtml5-asan.a -o $@

# XML5 (issue 21): src/xml5/ is a stage of the library and of dist/html5.wasm.
$(B)/asan/xml5_tokenizer_test: test/native/xml5_tokenizer_test.c test/native/json.c test/native/json.h $(DECODERS) $(B)/libhtml5-asan.a
	$(CC) $(CFLAGS_S) test/native/xml5_tokenizer_test.c test/native/json.c test/native/decoders.c $(B)/libhtml5-asan.a -o $@

$(B)/asan/xml5_tree_test: test/native/xml5_tree_test.c $(DECODERS) $(B)/libhtml5-asan.a
	$(CC) $(CFLAGS_S) test/native/xml5_tree_test.c test/native/decoders.c $(B)/libhtml5-asan.a -o $@

# ---- WebAssembly ---------------------------------------------------------
# A standalone module (no Emscripten JS glue): our own loader (js/core/loader.js)
# instantiates it the same way in browsers, workers and Node.
WASM_CC    := -std=c11 -Wall -Wextra -Werror $(INC) -flto -msimd128 -mbulk-memory
WASM_FLAGS := $(WASM_CC) -O3 \
  --no-entry -s STANDALONE_WASM=1 -s ALLOW_MEMORY_GROWTH=1 \
  -s INITIAL_MEMORY=2MB -s MAXIMUM_MEMORY=2GB -s TOTAL_STACK=256KB \
  -s ABORTING_MALLOC=0 -s ERROR_ON_UNDEFINED_SYMBOLS=1 -s FILESYSTEM=0 \
  -s MALLOC=emmalloc

wasm: dist/html5.wasm dist/xml5.wasm dist/rewrite.wasm

# Code off the hot path of parse() is compiled for size (-Os), which keeps
# the package within its 150 KB gzipped budget (issue 21):
# - the C serialiser (serializeBuffer only; DOM trees serialise in JS): -O3
#   inlines and unrolls it into 2.8 KB more of gzipped wasm for about 10%
#   more speed (serializeBuffer over the corpus: 245-257 ms at -O3, 275-282
#   at -Os);
# - encoding sniffing and decoding, character references, <selectedcontent>,
#   the "in head" and template insertion modes, foreign content's tables,
#   XML5's namespaces and strict checks, and the wasm exports (wasm/exports.c: entry points
#   and token writers, none of it per node of a parse): 3.7 KB gzipped less
#   together.  Over 40 corpus pages (callgrind, whole process) parseToBuffer
#   runs 0.5% fewer instructions, tokenize 2.7% more.
# - XML5's flat buffer writer: at -O3 link-time optimisation inlines a second
#   copy of h5_flatbuf_write into it (1.1 KB gzipped) for 1% of the XML core's
#   instructions (docs/xml5.md, "Size and speed").
# The tokenizers, tree builders and the HTML flat buffer writer stay -O3.
WASM_SMALL := src/output/serialize.c src/encoding/encoding.c src/tokenizer/charref.c \
  src/tree/tb_selectedcontent.c src/tree/modes/tb_mode_head.c src/tree/modes/tb_mode_template.c src/tree/foreign.c \
  src/xml5/xml5_namespaces.c src/xml5/xml5_machinery.c src/xml5/xml5_flatbuf.c src/xml5/xml5_well_formed.c \
  wasm/exports.c
WASM_SMALL_O := $(patsubst %.c,$(B)/wasm/small/%.o,$(WASM_SMALL))
$(B)/wasm/small/%.o: %.c $(HDR)
	@mkdir -p $(dir $@)
	$(EMCC) $(WASM_CC) -Os -c $< -o $@

# Two modules (issue 29): dist/html5.wasm (HTML: tokenizer, tree builder,
# serializer, streaming) and dist/xml5.wasm (XML5, fetched and compiled only
# by the XML API).  wasm/exports.c is compiled once for each, with
# H5W_XML_MODULE choosing its entry points; the linker keeps only the C that
# a module's entry points reach.
HTML_WASM_SRC := $(filter-out src/xml5/%,$(SRC))
XML_WASM_SMALL_O := $(B)/wasm/small/xml/exports.o
$(B)/wasm/small/xml/exports.o: wasm/exports.c $(HDR)
	@mkdir -p $(dir $@)
	$(EMCC) $(WASM_CC) -DH5W_XML_MODULE -Os -c $< -o $@
# dist/rewrite.wasm (issue 33): the tokenizer and HTMLRewriter's sessions, no
# tree builder; loaded only by the rewriter (js/rewrite/module.js).  Built
# over bytes (H5_CHAR8, src/common/h5.h): the tokenizer reads the input's
# bytes as they are, 16 to a vector, and JS writes them without widening.
# Its text is not read, only where it ends (H5_BOUNDS_ONLY,
# src/tokenizer/tokenizer.c): JS slices the input's own bytes.
REWRITE_DEFS := -DH5_CHAR8 -DH5_BOUNDS_ONLY
REWRITE_WASM_SRC := $(filter src/common/% src/tokenizer/% src/encoding/%,$(SRC))
REWRITE_WASM_SMALL_O := $(patsubst %.c,$(B)/wasm/small8/%.o,$(filter $(WASM_SMALL),$(REWRITE_WASM_SRC)) wasm/exports.c)
# (Compiled on their own for their defines, at -Os, but for the sessions (wasm/exports.c), which run per token
# here: -O3 takes 0.9 KB more gzipped and the session over the corpus 0.9x the time.)
REWRITE_OPT := -Os
$(B)/wasm/small8/wasm/exports.o: REWRITE_OPT := -O3
$(B)/wasm/small8/%.o: %.c $(HDR)
	@mkdir -p $(dir $@)
	$(EMCC) $(WASM_CC) $(REWRITE_DEFS) -DH5W_REWRITE_MODULE $(REWRITE_OPT) -c $< -o $@

dist/html5.wasm: $(SRC) $(HDR) wasm/exports.c $(WASM_SMALL_O)
	@mkdir -p $(B)/wasm dist
	$(EMCC) $(WASM_FLAGS) $(filter-out $(WASM_SMALL),$(HTML_WASM_SRC)) $(filter-out $(B)/wasm/small/src/xml5/%,$(WASM_SMALL_O)) -o $(B)/wasm/html5.raw.wasm
	$(WASM_OPT) -O3 --enable-simd --enable-bulk-memory --strip-debug --strip-producers \
	  $(B)/wasm/html5.raw.wasm -o $@

dist/rewrite.wasm: $(REWRITE_WASM_SRC) $(HDR) $(REWRITE_WASM_SMALL_O)
	@mkdir -p $(B)/wasm dist
	$(EMCC) $(WASM_FLAGS) $(REWRITE_DEFS) $(filter-out $(WASM_SMALL),$(REWRITE_WASM_SRC)) $(REWRITE_WASM_SMALL_O) -o $(B)/wasm/rewrite.raw.wasm
	$(WASM_OPT) -O3 --enable-simd --enable-bulk-memory --strip-debug --strip-producers \
	  $(B)/wasm/rewrite.raw.wasm -o $@

dist/xml5.wasm: $(SRC) $(HDR) wasm/exports.c $(WASM_SMALL_O) $(XML_WASM_SMALL_O)
	@mkdir -p $(B)/wasm dist
	$(EMCC) $(WASM_FLAGS) $(filter-out $(WASM_SMALL),$(SRC)) $(filter-out $(B)/wasm/small/wasm/exports.o,$(WASM_SMALL_O)) $(XML_WASM_SMALL_O) -o $(B)/wasm/xml5.raw.wasm
	$(WASM_OPT) -O3 --enable-simd --enable-bulk-memory --strip-debug --strip-producers \
	  $(B)/wasm/xml5.raw.wasm -o $@

# ---- set-up --------------------------------------------------------------
setup:
	@bash scripts/setup.sh

# ---- tests ---------------------------------------------------------------
test: setup check-shared
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory test-native
	@$(MAKE) --no-print-directory fuzz
	@$(MAKE) --no-print-directory test-js

test-native: $(B)/asan/tokenizer_test $(B)/asan/tree_test $(B)/asan/deep_test $(B)/asan/serialize_test $(B)/asan/scan_test $(B)/wasm/scan_test.wasm $(B)/asan/scan_test8 $(B)/wasm/scan_test8.wasm $(B)/asan/attrs_test $(B)/asan/encoding_test $(B)/asan/xml5_tokenizer_test $(B)/asan/xml5_tree_test
	$(B)/asan/scan_test
	$(NODE) --disable-warning=ExperimentalWarning test/native/run_wasm.mjs $(B)/wasm/scan_test.wasm
	$(B)/asan/scan_test8
	$(NODE) --disable-warning=ExperimentalWarning test/native/run_wasm.mjs $(B)/wasm/scan_test8.wasm
	$(B)/asan/attrs_test
	$(B)/asan/tokenizer_test $(SHARED)/html5lib-tests/tokenizer
	$(B)/asan/tokenizer_test test/data/tokenizer
	$(B)/asan/tree_test --changed test/data/html5lib-changed.txt $(SHARED)/html5lib-tests/tree-construction
	$(B)/asan/tree_test --legacy --changed test/data/html5lib-changed.txt $(SHARED)/html5lib-tests/tree-construction
	$(B)/asan/tree_test test/data/wpt
	$(B)/asan/deep_test $(SHARED)/html5lib-tests/tree-construction
	$(B)/asan/serialize_test
	$(B)/asan/encoding_test $(SHARED)/html5lib-tests/encoding
	$(B)/asan/xml5_tokenizer_test $(SHARED)/xml5lib-tests/tokenizer test/native/xml5_tokenizer_own.test
	$(B)/asan/xml5_tree_test $(SHARED)/xml5lib-tests/tree-construction test/native/xml5_tree_own.dat

test-js: dist/html5.wasm bundles
	H5_SHARED=$(SHARED) $(NODE) --test --test-reporter=./test/js/lib/reporter.js test/js/

# The reference material (html5lib-tests, corpus) must be beside the repo.
check-shared:
	@test -d $(SHARED)/html5lib-tests/tree-construction || { \
	  echo "make test: the shared reference folder was not found at $(SHARED)"; \
	  echo "  (html5lib-tests and the corpus; CI places it beside the repository)."; \
	  echo "  Put it at ../shared or run: make test SHARED=/path/to/shared"; exit 1; }

# ---- the main job: parse the bundled sample page -------------------------
demo:
	@H5_BROWSER_TESTS=0 bash scripts/setup.sh   # the demo needs no browser
	@$(MAKE) --no-print-directory wasm
	@$(NODE) bin/html5-wasm.js examples/sample.html

# ---- generated files (committed; a test fails when one is stale) ------------
# scripts/gen-abi.mjs     scripts/data/abi.json -> src/common/abi.h, js/core/abi.js
# scripts/gen-atoms.mjs   scripts/data/atoms.txt -> src/common/atoms.h, src/common/atoms_data.c, js/core/atoms.js
# scripts/gen-encodings.mjs  scripts/data/encodings.tsv, index-windows-1252.txt
#                         -> src/encoding/encodings_data.c, src/encoding/encoding.h (its enum), js/core/encodings.js
# scripts/gen-entities.mjs   npm character-entities(-legacy) -> src/tokenizer/entities_data.c
# scripts/gen-sanitizer.mjs  scripts/data/sanitizer.json -> js/sanitize/builtins.js
gen:
	@for g in scripts/gen-*.mjs; do $(NODE) $$g || exit 1; done

bench: wasm $(B)/native_bench
	$(NODE) bench/run.js
	$(NODE) bench/xml.js --write   # XML vs HTML on comparable markup (bench/xml-results.md)
	$(NODE) bench/sanitize.js --write   # the HTML Sanitizer vs sanitize-html (bench/sanitize-results.md)
	$(NODE) --expose-gc bench/sanitize-heap.js   # 100,000 sanitize() calls: the heap stays where it was
	$(NODE) bench/dompurify.js   # DOMPurify on createWindow() vs DOMPurify on jsdom
	$(NODE) bench/pool.js --write  # pages/s on 1 and 2 worker_threads (bench/pool-results.md)
	H5_SHARED=$(SHARED) $(NODE) bench/rewrite.js   # HTMLRewriter vs parse5-html-rewriting-stream and html-rewriter-wasm (issue 33)
	H5_SHARED=$(SHARED) $(NODE) bench/floors.js   # the floors under issue 31's goals (bench/PROFILE.md, "The floors")

size: dist/html5.wasm js/inline-wasm.js dist/html5-wasm.min.js
	@$(NODE) scripts/size.js

clean:
	rm -rf $(B) dist/html5.wasm dist/html5-wasm*.min.js dist/html5-wasm*.min.js.map

# ---- fuzzing (clang libFuzzer + ASan + UBSan) -----------------------------
FUZZ_SECONDS ?= 60
FUZZ_CC ?= clang
$(B)/fuzz/fuzz_parse: test/fuzz/fuzz_parse.c $(DECODERS) $(SRC) $(HDR)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CSTD) -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	  test/fuzz/fuzz_parse.c test/native/decoders.c $(SRC) -o $@

fuzz: $(B)/fuzz/fuzz_parse
	@rm -rf $(B)/fuzz/seeds && $(NODE) scripts/fuzz-seeds.mjs $(B)/fuzz/seeds $(SHARED)
	@FUZZ_SECONDS=$(FUZZ_SECONDS) bash scripts/fuzz.sh $(B)/fuzz/fuzz_parse $(B)/fuzz/seeds $(B)/fuzz/corpus test/fuzz/regressions

$(B)/native_bench: bench/native_bench.c $(DECODERS) $(B)/libhtml5.a
	$(CC) $(CFLAGS_N) -O3 bench/native_bench.c test/native/decoders.c $(B)/libhtml5.a -o $@
