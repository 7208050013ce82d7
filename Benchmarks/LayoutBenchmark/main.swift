// layout-benchmark (issue 4; placeholder): prints name=value lines.
import Waterfall
print("placeholder=1")
