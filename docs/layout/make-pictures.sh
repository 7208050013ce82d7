#!/bin/sh
# Regenerates the pictures of each placement order from items.txt.
# Run from the repository root after building: sh docs/layout/make-pictures.sh [path/to/cascade]
set -eu
cascade=${1:-.build/debug/cascade}
dir=docs/layout
common="--columns 4 --width 840 --gap 8"
for order in shortest left-to-right right-to-left; do
  "$cascade" layout $common --order "$order" < "$dir/items.txt" | python3 "$dir/render.py" "--order $order" > "$dir/$order.svg"
done
"$cascade" layout $common --order lanes --tolerance 16 < "$dir/items.txt" | python3 "$dir/render.py" "--order lanes --tolerance 16" > "$dir/lanes.svg"
"$cascade" layout $common --order lanes --tolerance 0 < "$dir/items.txt" | python3 "$dir/render.py" "--order lanes --tolerance 0" > "$dir/lanes-0.svg"
# Spans: item 5 covers two columns, item 11 the full width.
sed -e '5s/.*/{"width":400,"height":260,"span":2}/' -e '11s/.*/{"width":800,"height":240,"span":"full"}/' "$dir/items.txt" |
  "$cascade" layout $common | python3 "$dir/render.py" "shortest with a 2-column span (5) and a full-width item (11)" > "$dir/spans.svg"
