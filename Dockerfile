# Rewards portal: one image serving the API under /api and the built client on every other path.
# The server runs its TypeScript through tsx (a runtime dependency), so only the client is compiled.

# --- build: install everything and compile the client --------------------------
FROM node:20-bookworm-slim AS build
WORKDIR /app

# Manifests first, so the dependency layer is reused while only source changes.
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund

COPY tsconfig.base.json ./
COPY common common
COPY client client
RUN npm run build -w client

# --- runtime: production dependencies, server source and the built client ------
FROM node:20-bookworm-slim AS runtime
WORKDIR /app

COPY package.json package-lock.json ./
COPY common/package.json common/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

COPY tsconfig.base.json ./
COPY common common
COPY server server
COPY --from=build /app/client/dist client/dist

# DATA_DIR holds uploads, generated secrets and (without DATABASE_URL) the embedded database.
# Created here, owned by node and private to it (the server warns on an open DATA_DIR), so a fresh named
# volume mounted on it is writable and starts with the same owner and mode.
RUN mkdir -p /data && chown node:node /data && chmod 700 /data

ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
USER node
EXPOSE 3000

HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

CMD ["node", "--import", "tsx", "server/src/index.ts"]
