# One image for every node. Node 24 runs the TypeScript sources directly (type
# stripping), so there is no build step; the image holds production
# dependencies only. No Docker engine runs on the development machines, so
# this file is checked by review, not by CI.
FROM node:24-bookworm-slim

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/mezuzah \
    FILES_DIR=/srv/mezuzah-files

WORKDIR /app
COPY package.json package-lock.json ./
# --omit=dev leaves out the pinned `node` devDependency too: the image's own Node 24 runs the service.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY src ./src
COPY tsconfig.json ./

RUN mkdir -p "$DATA_DIR" "$FILES_DIR" && chown -R node:node "$DATA_DIR" "$FILES_DIR"
USER node
EXPOSE 3000

# Liveness only; orchestrators should route traffic by /readyz.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"

# SIGTERM drains: /readyz turns 503 for DRAIN_DELAY_MS, then in-flight requests finish.
STOPSIGNAL SIGTERM
CMD ["node", "src/main.ts"]
