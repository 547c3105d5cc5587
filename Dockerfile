# The gateway (and, without UPSTREAM_URL, the reference backend) in one image.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY apps/console/package.json apps/console/
COPY apps/wallboard/package.json apps/wallboard/
COPY apps/field/package.json apps/field/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production PORT=8080 DATA_DIR=/data
EXPOSE 8080
CMD ["node", "--import", "tsx", "server/src/main.ts"]
