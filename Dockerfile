# The production image: one image, three roles chosen by the command (see docker-compose.yml):
#   scripts/migrate.ts (one-shot), apps/api/src/main.ts (HTTP + /ws + the web app), apps/sim-worker/src/main.ts.
FROM node:22-bookworm-slim AS build
WORKDIR /app
ENV TURBO_TELEMETRY_DISABLED=1 NPM_CONFIG_UPDATE_NOTIFIER=false
# Manifests first, so dependency layers are cached until a package.json or the lock changes.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/sim-worker/package.json apps/sim-worker/
COPY apps/web/package.json apps/web/
COPY packages/game-core/package.json packages/game-core/
COPY packages/game-data/package.json packages/game-data/
COPY packages/world/package.json packages/world/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund
COPY . .
RUN node_modules/.bin/turbo run build --filter=@brood/web

FROM node:22-bookworm-slim
WORKDIR /app
# The image has no .git: the commit shown in /healthz, /metrics and the console comes from here.
ARG RELEASE_COMMIT
ENV RELEASE_COMMIT=${RELEASE_COMMIT}
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    WEB_DIST=/app/apps/web/dist \
    NODE_OPTIONS=--no-warnings=ExperimentalWarning
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
# TypeScript runs through tsx's loader in the one process (packages export their sources), with the
# Node flags every process of the game runs with (NODE_FLAGS in scripts/lib/processes.ts).
ENTRYPOINT ["node", "--experimental-async-context-frame", "--max-semi-space-size=64", "--import", "tsx"]
CMD ["apps/api/src/main.ts"]
