# The two commands of the README: `make demo` and `make test`. Both install what they need first.
PREFIX ?= /usr/local
SWIFT ?= swift
BIN := .build/release/subs
# Release binaries carry the Swift runtime and Foundation: every command starts ~8 ms sooner (no symbol binding
# across a dozen runtime libraries), and an installed subs runs where no Swift toolchain is. Scripts that build
# the release pass the same flags (a different set would rebuild everything).
RELEASE_FLAGS := -c release --static-swift-stdlib

.PHONY: deps build release test demo train install uninstall completions man bench clean

deps:
	scripts/install-deps

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

# The whole suite: unit tests per target and end-to-end tests of the built binary.
test: deps
	$(SWIFT) build --build-tests
	scripts/run-tests

demo: release
	scripts/demo $(BIN)

# Rebuilds the scanner's shipped scorer from SROIE 0-499 and generated documents (training/SOURCES.md);
# slow the first time (OCR of ~800 pages), cached after that.
train: deps
	training/build-model

install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/libexec/subs $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/subs
	install -m 755 $(BIN)-full $(DESTDIR)$(PREFIX)/libexec/subs/subs-full
	install -m 644 man/subs.1 $(DESTDIR)$(PREFIX)/share/man/man1/subs.1
	install -m 644 completions/subs.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/subs
	install -m 644 completions/_subs $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_subs
	install -m 644 completions/subs.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/subs.fish

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/subs $(DESTDIR)$(PREFIX)/libexec/subs/subs-full $(DESTDIR)$(PREFIX)/share/man/man1/subs.1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/subs $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_subs \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/subs.fish
	-rmdir $(DESTDIR)$(PREFIX)/libexec/subs 2>/dev/null

# Regenerate the checked-in completions and man page from the command definitions.
completions man: build
	scripts/generate-docs .build/debug/subs

bench: release
	scripts/bench $(BIN)

clean:
	rm -rf .build
