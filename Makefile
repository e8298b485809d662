# The verbs a person types. `make up` runs the platform; `make test` runs every test.
# Both install what they need on a fresh machine first.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

STAMP := .local/stamps
NODE_STAMP := $(STAMP)/node_modules
# The project's Node (22 LTS, scripts/ensure-node.sh) comes first on every recipe's PATH, whatever
# Node the machine has: node, npm, npx and the processes they start all run on it.
NODE := .local/node/bin/node
export PATH := $(CURDIR)/.local/node/bin:$(PATH)
JEST := node_modules/.bin/jest
# Every TypeScript project tsc -b builds: the shared packages, each service, the gateway.
TS_PROJECTS := packages/contracts packages/platform packages/sdk $(patsubst %/tsconfig.json,%,$(wildcard services/*/tsconfig.json)) gateway

.PHONY: help install build infra up demo down status dead-letters bench test test-unit test-integration test-web test-e2e check check-built check-types check-format check-lint check-openapi format proto proto-check openapi clean

help:
	@echo "make up      install, build and start the platform, print its URL (make down stops it)"
	@echo "make demo    make up, then load the demo merchant: a year of transactions from six integrations"
	@echo "make test    install, build and run every test (unit, integration, web, end-to-end)"
	@echo "make check   format check, lint (zero warnings), typecheck, buf lint, generated code fresh, OpenAPI lint"
	@echo "make bench   benchmarks against the local stack, printing ratios to their budgets"

# `npm install` rather than `npm ci`: npm 11 leaves other platforms' optional binaries (swc, buf)
# out of the lock file and `npm ci` then refuses it (npm/cli#8669). The lock still pins versions.
$(NODE): scripts/ensure-node.sh
	@bash scripts/ensure-node.sh
	@touch $@

# Installed with the project's Node (native modules are built or chosen for it); its headers are
# node-gyp's, which would otherwise download them.
$(NODE_STAMP): $(NODE) package-lock.json package.json */package.json services/*/package.json packages/*/package.json
	@mkdir -p $(STAMP)
	npm_config_nodedir=$(CURDIR)/.local/node npm install --no-audit --no-fund
	@touch $@

install: $(NODE_STAMP)
	@bash scripts/infra/kafka.sh install

build: install
	npx tsc -b $(TS_PROJECTS)
	npm run build -w web
	node scripts/api/pack-sdk.mjs

infra: install
	@bash scripts/infra/up.sh platform platform_test platform_e2e

# On an empty database `make up` also loads the demo merchant (a no-op once it exists), then
# prints the URL last.
up: build infra
	@node scripts/launch.mjs up dev >/dev/null
	@node scripts/demo/demo.mjs --if-empty || echo "Demo data not loaded; make demo retries."
	@node scripts/launch.mjs up dev

# The demo merchant (scripts/demo): registers demo@merchant.test through the API, connects three
# processors and three POS locations and posts a seeded year of signed deliveries (--count 5000).
demo: build infra
	@node scripts/launch.mjs up dev
	@node scripts/demo/demo.mjs --count 5000

down:
	@node scripts/launch.mjs down dev

status:
	@node scripts/launch.mjs status dev

# The events consumers gave up on (docs/events.md); PROFILE=test for the test stack, ALL=1 to include replayed ones.
dead-letters: install
	@node scripts/dead-letters.mjs $(or $(PROFILE),dev) $(if $(ALL),--all)

# Installs, builds and starts what is missing, runs unit, integration, web and end-to-end tests on
# both cores, and ends with a table of its phases' seconds and the closing line (docs/testing.md).
test:
	@bash scripts/test.sh

bench: build infra
	@node scripts/launch.mjs up test >/dev/null
	@bash scripts/ensure-tools.sh chromium nginx
	@status=0; node bench/landing.mjs 5 || status=1; \
	  node bench/gateway.mjs 8 2>/dev/null | grep -v '"level"' || status=1; \
	  node bench/ingest.mjs --count 100000 || status=1; \
	  node bench/analytics.mjs || status=1; \
	  node bench/faults.mjs || status=1; \
	  node bench/events.mjs || status=1; \
	  node bench/chat-live.mjs || status=1; \
	  node bench/reports.mjs || status=1; \
	  node scripts/launch.mjs down test >/dev/null; exit $$status

test-unit: install
	@bash scripts/ensure-tools.sh pdf
	$(JEST) --selectProjects unit --maxWorkers=2

# Each worker has its own database, Redis database and prefixes; the mail sink is all they need of
# the e2e stack.
test-integration: build infra
	@node scripts/launch.mjs up test --only mail-sink >/dev/null
	$(JEST) --selectProjects integration --maxWorkers=$(or $(INTEGRATION_WORKERS),4)

test-web: install
	npm run test -w web

test-e2e: build infra
	@node scripts/launch.mjs up test >/dev/null
	bash scripts/e2e.sh

# The checks run two at a time (both cores), the longest first, each one's output kept together.
check: install proto-check
	@$(MAKE) --no-print-directory -j2 --output-sync=target check-built check-types check-format check-lint check-openapi

# The sources build (tsc -b), then what is generated from them and the delivery files.
check-built:
	npx tsc -b $(TS_PROJECTS)
	node scripts/api/openapi.mjs
	node scripts/api/sdk.mjs
	node scripts/delivery/check.mjs

# The tests' and the web app's type-check.
check-types:
	npx tsc -p tsconfig.tests.json
	npm run typecheck -w web

check-format:
	npx prettier --check .

check-lint:
	npx eslint --max-warnings 0 .

# The committed reference validated by a real OpenAPI 3.1 linter (redocly.yaml: the recommended
# rules, examples checked against their schemas); no network calls.
check-openapi:
	REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true npx redocly lint --format=summary docs/openapi.json

# docs/openapi.json from the route descriptors (packages/contracts, http/routes), and the SDK's
# generated methods from it (packages/sdk); `make check` fails when either is stale.
openapi: $(NODE_STAMP)
	@npx tsc -b packages/contracts
	@node scripts/api/openapi.mjs --write
	@node scripts/api/sdk.mjs --write
	@npx tsc -b packages/sdk

proto:
	cd proto && npx buf generate

proto-check: install
	cd proto && npx buf lint
	cd proto && npx buf generate
	@git diff --exit-code -- packages/contracts/src/gen || { echo "generated event types are stale: run make proto and commit"; exit 1; }

format: install
	npx prettier --write .

clean:
	rm -rf node_modules packages/*/dist services/*/dist gateway/dist web/dist e2e/dist .local/stamps *.tsbuildinfo

# Delivery files (docker/, docker-compose.yml, charts/, skaffold.yaml, docs/operations.md),
# validated offline: no cluster and no Docker engine here. helm comes from an npm package
# (scripts/delivery/helm.sh), the Kubernetes, Compose and skaffold schemas from npm packages and
# scripts/delivery/schemas. The config schemas are read from dist/, hence the tsc -b first.
.PHONY: delivery-check delivery-docs

delivery-check: $(NODE_STAMP)
	@npx tsc -b $(TS_PROJECTS)
	@node scripts/delivery/check.mjs

# Regenerates the configuration reference in docs/operations.md from the zod schemas.
delivery-docs: $(NODE_STAMP)
	@npx tsc -b $(TS_PROJECTS)
	@node scripts/delivery/env-docs.mjs --write
