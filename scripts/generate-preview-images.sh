#!/bin/sh
# Regenerates docs/images/*.svg, one picture of each example drawn by 'guidec preview', for
# docs/preview.md and the README. PreviewImageTests checks that every image is what this
# table draws with the guidec built from the same sources.
#
# Usage: scripts/generate-preview-images.sh [GUIDEC]   (default: builds and uses .build/debug/guidec)
set -eu
cd "$(dirname "$0")/.."
if [ $# -gt 0 ]; then
  guidec="$1"
else
  swift build --product guidec >/dev/null
  guidec=.build/debug/guidec
fi
mkdir -p docs/images
# Each line: the image's name, then the arguments of 'guidec preview' (before -o).
while read -r name arguments; do
  [ -n "$name" ] || continue
  # shellcheck disable=SC2086 # the arguments are split at spaces on purpose
  "$guidec" preview $arguments -o "docs/images/$name.svg" || [ $? -eq 1 ]
done <<'TABLE'
000-spotlight-onboarding Examples/000-spotlight-onboarding.guide --step walletoy.login --device iphone-se-3
001-coach-marks Examples/001-coach-marks.guide --step coachmarks.city --device iphone-17-pro-max
002-weather-tour Examples/002-weather-tour.guide --step weather.hourly --device iphone-17-pro-max
003-page-walkthrough Examples/003-page-walkthrough.guide --page walkthrough.share --device iphone-se-3
004-scroll-anchors Examples/004-scroll-anchors.guide --step scrolling.anchors.center --device iphone-17-pro-max
005-tipkit-tips Examples/005-tipkit-tips.guide --step generate-tip.generate --device iphone-17-pro-max
006-web-tour Examples/006-web-tour.guide --step shepherd-demo.install --device iphone-17-pro-max
intro Examples/intro.guide --step home-tips.pay --device iphone-se-3
TABLE
