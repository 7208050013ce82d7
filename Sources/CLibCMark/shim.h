// The CommonMark reference parser (Debian's libcmark-dev), for sidecar
// Markdown: Gallery walks its tree and writes only the HTML it allows.
#include <cmark.h>
