"""The Python peer for `cascade scan`: walk a folder tree and ask the
`imagesize` package for every file's size, printing one line per file."""
import os
import sys

import imagesize

out = []
for root in sys.argv[1:]:
    for folder, folders, names in os.walk(root):
        folders.sort()
        for name in sorted(names):
            path = os.path.join(folder, name)
            width, height = imagesize.get(path)
            out.append(f"{path}\t{width}x{height}")
sys.stdout.write("\n".join(out) + "\n")
