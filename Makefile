# kjx — build, test and benchmark targets. `make help` lists them.
SHELL := /bin/bash
GO ?= go
BIN := bin/kjx
# Development tools are declared in go.mod (tool lines) and run with
# `go tool`, so a fresh clone needs nothing but Go.
STATICCHECK ?= $(GO) tool staticcheck
BENCHSTAT ?= $(GO) tool benchstat
FUZZTIME ?= 2s
LONGFUZZTIME ?= 5m
BENCHCOUNT ?= 6
BENCHPKGS ?= ./...
BENCHDIR := .bench

.PHONY: help build run test lint unit poison long soak fuzz-short fuzz bench bench-save bench-compare bench-vim install clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | sort

build: ## build bin/kjx
	$(GO) build -o $(BIN) ./cmd/kjx

run: build ## build and open a demo file whose history already has branches
	./$(BIN) --demo

test: lint unit poison long fuzz-short ## everything CI checks: format, vet, staticcheck, race tests, stale-rope checks, long properties, short fuzz

lint: ## gofmt, go vet, staticcheck
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(STATICCHECK) ./...

unit: ## go test -race ./...
	$(GO) test -race -count=1 ./...

poison: ## the buffer, undo and editor tests with stale borrowed ropes poisoned (-tags kjxpoison; buffer/transient.go)
	$(GO) test -count=1 -short -tags kjxpoison ./buffer/... ./undo/... ./editor/...

# Which step runs what: `unit` runs every test under the race detector,
# with the sizes a race run affords (tests check testkit.RaceEnabled and
# shrink); `long` re-runs the tests named *Property*, *Trace* or *Long*
# without it, at full size, and the tests that skip under -race. Both are
# part of `make test`. Tests longer than CI affords (the 100-kill loop)
# are named *Soak* and run only in `make soak`, with KJX_SOAK=1.
long: ## the full-size property and trace tests, without the race detector
	$(GO) test -count=1 -timeout 30m -run 'Property|Trace|Long' ./...

soak: ## the tests too long for make test (KJX_SOAK=1, *Soak*): kill loops at full count
	KJX_SOAK=1 $(GO) test -count=1 -timeout 60m -run 'Soak' ./...

fuzz-short: ## run every fuzz target briefly (FUZZTIME each)
	@./.ci/fuzz.sh $(FUZZTIME)

fuzz: ## long fuzz runs (LONGFUZZTIME each)
	@./.ci/fuzz.sh $(LONGFUZZTIME)

bench: ## run every benchmark (results also saved in .bench/new.txt)
	@mkdir -p $(BENCHDIR)
	$(GO) test -run '^$$' -bench . -benchmem -count=1 $(BENCHPKGS) | tee $(BENCHDIR)/new.txt

bench-save: ## save a benchmark baseline (.bench/base.txt) for bench-compare
	@mkdir -p $(BENCHDIR)
	$(GO) test -run '^$$' -bench . -benchmem -count=$(BENCHCOUNT) $(BENCHPKGS) | tee $(BENCHDIR)/base.txt

bench-compare: ## benchstat the current tree against the saved baseline
	@test -f $(BENCHDIR)/base.txt || { echo "no baseline: run 'make bench-save' first (on the commit to compare against)"; exit 2; }
	@mkdir -p $(BENCHDIR)
	$(GO) test -run '^$$' -bench . -benchmem -count=$(BENCHCOUNT) $(BENCHPKGS) > $(BENCHDIR)/new.txt
	$(BENCHSTAT) $(BENCHDIR)/base.txt $(BENCHDIR)/new.txt

bench-vim: ## kjx vs Vim on real workloads (cmd/kjxbench); BENCHVIMFLAGS=-quick for a CI-sized run
	@mkdir -p $(BENCHDIR)
	$(GO) run ./cmd/kjxbench -runs 5 -json $(BENCHDIR)/vim.json -png $(BENCHDIR)/vim.png -md $(BENCHDIR)/vim.md $(BENCHVIMFLAGS)

install: ## go install ./cmd/kjx
	$(GO) install ./cmd/kjx

clean: ## remove build outputs
	rm -rf bin $(BENCHDIR)
