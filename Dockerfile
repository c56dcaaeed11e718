# Chatdesk: one image, one process (API + built web app). scripts/check-production-build.sh runs
# the build and runtime-packages stages' steps and starts the CMD without Docker; CI runs it, so
# keep the two in step.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# The manifests first, so the install layer is reused until a dependency changes.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The runtime's packages: the server's and the contract's production dependencies, nothing else.
# No web packages (the built files are all the server serves) and no second Node (the `node`
# package the root brings to machines on an older Node; the image runs the base image's).
FROM node:24-bookworm-slim AS runtime-packages
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
RUN npm ci --omit=dev --no-audit --no-fund --workspace @chatdesk/server --workspace @chatdesk/contract

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
# Owned by root and read-only to the app; only the data folder (embedded database, used when
# DATABASE_URL is not set) is the app user's.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=runtime-packages /app/node_modules ./node_modules
COPY --from=build /app/packages/contract ./packages/contract
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/src ./apps/server/src
COPY --from=build /app/apps/server/migrations ./apps/server/migrations
COPY --from=build /app/apps/web/package.json ./apps/web/
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Ready, not live: 503 while migrating and while draining after SIGTERM. No curl in the slim image.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1)).catch(() => process.exit(1))"]
# Node 24 strips the TypeScript types itself: no build of the server, no tsx. A young generation of
# 8 MB (V8's own default here grows it to 64 MB and keeps it) is most of why the server idles at
# about 200 MB on PostgreSQL instead of 350 (decision record 021).
CMD ["node", "--max-semi-space-size=8", "apps/server/src/main.ts"]
