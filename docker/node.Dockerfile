# One image pattern for every Node process of the platform: each service, its workers and the
# gateway. Build one image per workspace:
#
#   docker build -f docker/node.Dockerfile --build-arg WORKSPACE=services/identity -t payments/identity .
#   docker build -f docker/node.Dockerfile --build-arg WORKSPACE=gateway --target gateway -t payments/gateway .
#
# The image runs the workspace's package.json "main" (node /app/main.js). A worker is the same
# image with another command, e.g. `node services/identity/dist/src/worker.js`, and a migration
# `node services/identity/dist/src/migrate.js`. Context: the repository root (see .dockerignore).

ARG NODE_IMAGE=node:22-bookworm-slim

# Every workspace's package.json and the lock file, collected from the context. A later stage copies
# only this, so the dependency layers are rebuilt when a manifest changes, not on every source edit.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir -p /manifests \
  && cp package.json package-lock.json .npmrc /manifests/ \
  && node -e "for (const w of require('./package.json').workspaces) console.log(w)" \
     | while read -r ws; do mkdir -p "/manifests/$ws" && cp "$ws/package.json" "/manifests/$ws/"; done

# All dependencies (dev included) to compile.
FROM ${NODE_IMAGE} AS deps
WORKDIR /src
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

# Compiles every workspace and the web app once; every image shares this stage. The web app's
# contact details are build-time settings (web/src/brand.ts): empty keeps its defaults.
FROM deps AS build
ARG VITE_EMAIL_DOMAIN=
ARG VITE_SUPPORT_EMAIL=
ARG VITE_EMERGENCY_EMAIL=
ARG VITE_SUPPORT_PHONE=
COPY . .
RUN npm run build

# Production dependencies of one workspace (and the workspaces it uses), nothing else.
FROM ${NODE_IMAGE} AS prod-deps
ARG WORKSPACE
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm \
  test -n "$WORKSPACE" || { echo "build with --build-arg WORKSPACE=services/<name> or gateway" >&2; exit 1; }; \
  npm ci --omit=dev --workspace "$WORKSPACE" --no-audit --no-fund

# The compiled output of the packages and the workspace: package.json and dist/, and the data files
# a workspace reads at run time from fixtures/ (tokenization's sanctions list fixture).
FROM build AS app
ARG WORKSPACE
RUN mkdir -p /app \
  && for ws in packages/* "$WORKSPACE"; do \
       mkdir -p "/app/$ws" && cp "$ws/package.json" "/app/$ws/"; \
       if [ -d "$ws/dist" ]; then cp -r "$ws/dist" "/app/$ws/dist"; fi; \
       if [ -d "$ws/fixtures" ]; then cp -r "$ws/fixtures" "/app/$ws/fixtures"; fi; \
     done \
  && find /app -name '*.tsbuildinfo' -delete \
  && ln -s "$WORKSPACE/$(node -p "require('./$WORKSPACE/package.json').main")" /app/main.js

# The runtime image: Debian slim with Node, production dependencies, compiled code, non-root.
FROM ${NODE_IMAGE} AS runtime
ARG WORKSPACE
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    METRICS_PORT=9464 \
    KAFKAJS_NO_PARTITIONER_WARNING=1 \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY --from=prod-deps /app/ ./
COPY --from=app /app/ ./
COPY docker/healthcheck.mjs /app/healthcheck.mjs
LABEL org.opencontainers.image.title="payments-platform ${WORKSPACE}"
# The node image's unprivileged user (uid 1000); the code stays owned by root and read-only.
USER node
# /health/live on the internal port $METRICS_PORT (default 9464), which every API, worker and the gateway serve.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 CMD ["node", "/app/healthcheck.mjs"]
CMD ["node", "/app/main.js"]

# The gateway also serves the built web app (WEB_DIST defaults to /app/web/dist beside gateway/dist).
FROM runtime AS gateway
COPY --from=build /src/web/dist /app/web/dist
EXPOSE 8080

# A service (and its workers): the last stage, so the default target.
FROM runtime AS service
