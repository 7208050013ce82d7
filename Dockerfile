# Cascade in a container: `docker build -t cascade .`, then
#   docker run --rm -u "$(id -u):$(id -g)" -v "$PWD:/album" cascade build /album --output /album/_site
# Stage 1 builds the Debian package (scripts/package-deb.sh) with the Swift
# toolchain; stage 2 installs it, with the libraries it declares and ffmpeg,
# into Debian slim and runs as a user without privileges.
# Not built on Cascade's CI machines (they have no Docker daemon); the package
# it installs is tested there by scripts/test-deb.sh.

FROM swift:6.3-bookworm AS build
WORKDIR /src
COPY . .
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends dpkg-dev \
 && bash scripts/setup.sh \
 && bash scripts/package-deb.sh /out

FROM debian:bookworm-slim
COPY --from=build /out/ /tmp/deb/
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends /tmp/deb/cascade_*.deb ffmpeg \
 && rm -rf /tmp/deb /var/lib/apt/lists/* \
 && useradd --create-home --uid 1000 cascade
USER cascade
WORKDIR /album
ENTRYPOINT ["cascade"]
CMD ["--help"]
