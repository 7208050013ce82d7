// libxml2's headers, for the C shim CMarkupCheck only: a Swift module that
// imports these and Foundation fails to build (two ICU `UErrorCode`s).
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
