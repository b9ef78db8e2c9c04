# Rewards portal: one image serving the API under /api and the built client on every other path.
# Both are compiled in the build stage: the client by Vite, the server into one JavaScript module.

# --- build: install everything and compile the client and the server -----------
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
COPY server server
RUN npm run build -w client && npm run build -w server

# --- runtime: production dependencies, the compiled server and the built client -
FROM node:20-bookworm-slim AS runtime
WORKDIR /app

COPY package.json package-lock.json ./
COPY common/package.json common/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

COPY --from=build /app/server/dist server/dist
COPY --from=build /app/client/dist client/dist

# DATA_DIR holds generated secrets and (without DATABASE_URL) the embedded database; pictures are in the database.
# Created here, owned by node and private to it (the server warns on an open DATA_DIR), so a fresh named
# volume mounted on it is writable and starts with the same owner and mode.
RUN mkdir -p /data && chown node:node /data && chmod 700 /data

ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
USER node
EXPOSE 3000

HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

CMD ["node", "--enable-source-maps", "server/dist/index.js"]
