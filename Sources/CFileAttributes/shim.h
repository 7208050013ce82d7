// Extended attributes (getxattr, setxattr, removexattr), which Swift's Glibc
// module leaves out: Gallery keeps its unchanged-build stamp on the output
// folder as one, so the folder's files stay the same bytes on every machine.
#include <sys/xattr.h>
