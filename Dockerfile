# syntax=docker/dockerfile:1
# The service as one image for every role (ROLE=api|worker|all); see compose.yaml and the README's
# "Running a cluster". Built from the npm registry and Debian's apt only.

# --- build: dependencies (better-sqlite3 compiled from source, as .prebuild-installrc asks),
# the page and the service's bundle, then the dev dependencies dropped.
FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc .prebuild-installrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY packages/scraper/package.json packages/scraper/
COPY packages/simulator/package.json packages/simulator/
COPY packages/store/package.json packages/store/
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

# --- run: Node, Chromium for the browser transport, the emoji font for store names; non-root.
FROM node:20-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium fonts-noto-color-emoji ca-certificates \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The bundle reads the registry and the page beside it in the repository's layout.
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    CHROMIUM_PATH=/usr/bin/chromium
EXPOSE 3000
# Every role answers the ping (a worker serves the monitoring calls only); 503 while the store
# fails its check.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/monitoring/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
WORKDIR /app/apps/server
CMD ["node", "--max-semi-space-size=4", "--enable-source-maps", "dist/main.mjs"]
