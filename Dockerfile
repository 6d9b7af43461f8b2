# syntax=docker/dockerfile:1
# Production image: `docker build -t aisolutions-site .`, then run it with DATABASE_URL,
# SESSION_SECRET and SITE_URL (README, "Deploy"). Any number of containers may share one database.

# --- build: all dependencies, the production build, then the dev dependencies dropped ---------
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# `npm install`, not `npm ci`: the lockfile may lack another platform's optional native packages.
RUN npm install --no-audit --no-fund
COPY . .
# The production build and build/.source-hash (as `npm run build` makes them): the stamp tells
# `node server.js` the build matches these sources, so it does not try to build again at start.
RUN node scripts/build-if-stale.js
# The server bundle imports only `dependencies`. The lockfile is put back as it was: it is one of
# the inputs of that stamp.
RUN cp package-lock.json /tmp/package-lock.json \
 && npm prune --omit=dev --no-audit --no-fund \
 && cp /tmp/package-lock.json package-lock.json

# --- runtime -------------------------------------------------------------------------------------
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# server.js checks the build against the sources (app/, server/, public/, package*.json, the vite
# and react-router configs), so they ship with it; drizzle/ holds the migrations run at start,
# scripts/ the build check and `npm run admin`. Owned by root: the app never writes here.
COPY --from=build /app ./
# Everything the app writes goes to DATA_DIR: outgoing mail without SMTP_URL, media without S3_*,
# the embedded database without DATABASE_URL, a generated SESSION_SECRET when none is set.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# /healthz answers while the process runs (no database call); node:*-slim has no curl.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) lets requests under way finish and closes the database; the app handles
# the signal itself, so running as PID 1 needs no init.
CMD ["node", "server.js"]
