/*
 * libxml2 shim for MarkupCheck: parse a page with the XML parser, collect
 * every problem through a per-context structured error handler (never
 * stderr), and fill plain C arrays for Swift straight from SAX2 callbacks.
 *
 * No element tree is built: for a 72 MB album page libxml2's tree alone
 * took about 330 MB. The SAX2 tree builder still runs for everything that
 * is not element content (the document node, the internal subset and its
 * entity declarations, entity content parsed in sub-contexts), because the
 * parser looks entities up there and checks them; that part is small.
 *
 * Positions: libxml2's own column counts characters and only at the point
 * it happens to be, so every position here is a byte offset taken from the
 * parser's input cursor (consumed + cur - base); Swift maps offsets to
 * 1-based line and UTF-8 byte column. This is exact because the input is
 * never transcoded: the page is UTF-8 without NUL bytes (checked in Swift)
 * and XML_PARSE_IGNORE_ENC makes libxml2 ignore any encoding declaration.
 *
 * Attributes.c redoes what the tree builder did with attribute values and
 * IDs; Storage.c holds the growing arrays and string blocks; State.h is
 * what the three share.
 */

#include "CMarkupCheck.h"
#include "State.h"

#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

static pthread_once_t initOnce = PTHREAD_ONCE_INIT;

static void initialize(void) { xmlInitParser(); }

static void ignoreMessage(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

/* Byte offset of the document input's cursor, clamped to the page. */
static int64_t cursorOffset(const State *state) {
    xmlParserCtxtPtr ctxt = state->ctxt;
    xmlParserInputPtr input = NULL;
    if (ctxt->inputTab != NULL && ctxt->inputNr >= 1) input = ctxt->inputTab[0];
    if (input == NULL || input->cur == NULL || input->base == NULL) return -1;
    if (input->cur < input->base) return -1;
    uint64_t offset = (uint64_t)input->consumed + (uint64_t)(input->cur - input->base);
    if (offset > state->length) offset = state->length;
    return (int64_t)offset;
}

static State *stateOf(void *ctx) {
    xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)ctx;
    return ctxt == NULL ? NULL : (State *)ctxt->_private;
}

/* Stops the parse: an answer built on a failed allocation would be wrong. */
void cmc_out_of_memory(State *state) {
    state->outOfMemory = 1;
    xmlStopParser(state->ctxt);
}

/* Keeps one problem; text need not end in NUL. */
void cmc_add_problem(State *state, int line, int column, int code, int level,
                     const char *text, size_t textLength) {
    if (state->outOfMemory) return;
    if (state->problemCount >= CMC_MAX_PROBLEMS) {
        if (state->problemsOmitted < INT32_MAX) state->problemsOmitted += 1;
        return;
    }
    size_t capacity = (size_t)state->problemCapacity;
    char *message = NULL;
    if (!cmc_reserve((void **)&state->problems, &capacity, (size_t)state->problemCount + 1,
                     sizeof(CMCProblem)) ||
        (message = malloc(textLength + 1)) == NULL) {
        state->outOfMemory = 1;
        return;
    }
    state->problemCapacity = (int32_t)capacity;
    while (textLength > 0 && (text[textLength - 1] == '\n' || text[textLength - 1] == ' '))
        textLength -= 1;
    memcpy(message, text, textLength);
    message[textLength] = '\0';

    CMCProblem *problem = &state->problems[state->problemCount++];
    problem->offset = cursorOffset(state);
    problem->line = line;
    problem->column = column;
    problem->code = code;
    problem->level = level;
    problem->message = message;
}

static void onProblem(void *userData, xmlErrorPtr error) {
    xmlParserCtxtPtr ctxt = error->ctxt != NULL ? (xmlParserCtxtPtr)error->ctxt
                                                : (xmlParserCtxtPtr)userData;
    State *state = stateOf(ctxt);
    if (state == NULL) return;
    const char *text = error->message != NULL ? error->message : "unknown libxml2 error";
    cmc_add_problem(state, error->line, error->int2, error->code, (int)error->level, text, strlen(text));
}

/* Element content parsed in a sub-context (the first reference to an
   entity) is not part of the page's element list: it goes to the tree
   builder, which keeps it under the entity declaration as before. */
static int isPage(void *ctx, const State *state) {
    return state != NULL && (xmlParserCtxtPtr)ctx == state->ctxt;
}

static void onStartElement(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                           const xmlChar *URI, int namespaceCount, const xmlChar **namespaces,
                           int attributeCount, int defaultedCount, const xmlChar **attributes) {
    xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)ctx;
    State *state = stateOf(ctx);
    if (!isPage(ctx, state)) {
        if (state != NULL)
            state->original.startElementNs(ctx, localname, prefix, URI, namespaceCount,
                                           namespaces, attributeCount, defaultedCount, attributes);
        return;
    }
    CMCResult *result = state->result;
    if (state->outOfMemory) return;
    /* The tree named an element with an unbound prefix `p:x`, in no namespace. */
    if (prefix != NULL && URI == NULL) {
        localname = xmlDictQLookup(ctxt->dict, prefix, localname);
        prefix = NULL;
    }
    /* Attributes defaulted from the internal subset never reached the tree
       (no XML_PARSE_DTDATTR). */
    int own = attributeCount - defaultedCount;
    if (localname == NULL || result->elementCount == INT32_MAX ||
        result->attributeCount > INT32_MAX - own ||
        !cmc_reserve((void **)&result->elements, &state->elementCapacity,
                     (size_t)result->elementCount + 1, sizeof(CMCElement)) ||
        !cmc_reserve((void **)&result->attributes, &state->attributeCapacity,
                     (size_t)result->attributeCount + (size_t)own, sizeof(CMCAttribute)) ||
        !cmc_reserve((void **)&state->open, &state->openCapacity, state->openCount + 1,
                     sizeof(int32_t))) {
        cmc_out_of_memory(state);
        return;
    }
    /* The cursor sits at the end of the start tag; no '<' can occur inside a
       start tag (attribute values may not hold one), so the nearest '<'
       before it opens this tag. */
    int64_t offset = cursorOffset(state);
    if (offset > 0) {
        int64_t at = offset - 1;
        while (at > 0 && state->bytes[at] != '<') at -= 1;
        offset = at;
    }
    CMCElement *element = &result->elements[result->elementCount];
    element->name = (const char *)localname;
    element->prefix = (const char *)prefix;
    element->namespaceURI = (const char *)URI;
    element->offset = offset;
    element->parent = state->openCount > 0 ? state->open[state->openCount - 1] : -1;
    element->flags = 0;
    element->firstAttribute = result->attributeCount;
    element->attributeCount = own;
    for (int i = 0; i < own; i++) {
        const xmlChar **attribute = &attributes[5 * i]; /* local, prefix, URI, value, end */
        const xmlChar *name = attribute[0], *attributePrefix = attribute[1];
        if (attributePrefix != NULL && attribute[2] == NULL) {
            name = xmlDictQLookup(ctxt->dict, attributePrefix, name);
            attributePrefix = NULL;
        }
        int plain;
        size_t length;
        const char *value = cmc_attribute_value(state, attribute[3], attribute[4], &length, &plain);
        if (name == NULL || value == NULL || length > INT32_MAX) {
            cmc_out_of_memory(state);
            return;
        }
        /* The tree builder registered the value as the parser gave it,
           `&#38;` still undecoded. */
        if (plain)
            cmc_register_id(state, element, name, attributePrefix, (const char *)attribute[3],
                            (size_t)(attribute[4] - attribute[3]));
        CMCAttribute *out = &result->attributes[result->attributeCount++];
        out->name = (const char *)name;
        out->prefix = (const char *)attributePrefix;
        out->value = value;
        out->valueLength = (int32_t)length;
    }
    state->open[state->openCount++] = result->elementCount++;
}

static void onEndElement(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                         const xmlChar *URI) {
    State *state = stateOf(ctx);
    if (!isPage(ctx, state)) {
        if (state != NULL) state->original.endElementNs(ctx, localname, prefix, URI);
        return;
    }
    if (state->openCount == 0) return;
    int32_t index = state->open[--state->openCount];
    /* For `<x/>` libxml2 calls this right after skipping "/>"; for `</x>`
       right after the '>' of the end tag, which cannot follow a '/'. */
    int64_t offset = cursorOffset(state);
    if (offset >= 2 && state->bytes[offset - 2] == '/' && state->bytes[offset - 1] == '>')
        state->result->elements[index].flags |= CMC_ELEMENT_SELF_CLOSED;
}

/* Text of the innermost open element, possibly one chunk of it: a `<` or
   `&` in any chunk is one in the text node the tree would have built. */
static void onCharacters(void *ctx, const xmlChar *text, int length) {
    State *state = stateOf(ctx);
    if (!isPage(ctx, state)) {
        if (state != NULL) state->original.characters(ctx, text, length);
        return;
    }
    if (state->openCount == 0 || length <= 0) return;
    CMCElement *element = &state->result->elements[state->open[state->openCount - 1]];
    if ((element->flags & CMC_ELEMENT_ESCAPED_TEXT) == 0 &&
        (memchr(text, '<', (size_t)length) != NULL || memchr(text, '&', (size_t)length) != NULL))
        element->flags |= CMC_ELEMENT_ESCAPED_TEXT;
}

static void onCDATA(void *ctx, const xmlChar *text, int length) {
    State *state = stateOf(ctx);
    if (!isPage(ctx, state)) {
        if (state != NULL) state->original.cdataBlock(ctx, text, length);
        return;
    }
    if (state->openCount > 0)
        state->result->elements[state->open[state->openCount - 1]].flags |= CMC_ELEMENT_ESCAPED_TEXT;
}

/* An entity reference in content: the tree held a reference node, which is
   not text, so it set no flag. */
static void onReference(void *ctx, const xmlChar *name) {
    State *state = stateOf(ctx);
    if (!isPage(ctx, state) && state != NULL) state->original.reference(ctx, name);
}

/* Comments and processing instructions in the internal subset make it
   non-empty (doctypeHasInternalSubset); in content they are dropped. */
static void onComment(void *ctx, const xmlChar *text) {
    State *state = stateOf(ctx);
    if (state != NULL && (!isPage(ctx, state) || state->ctxt->inSubset != 0))
        state->original.comment(ctx, text);
}

static void onInstruction(void *ctx, const xmlChar *target, const xmlChar *data) {
    State *state = stateOf(ctx);
    if (state != NULL && (!isPage(ctx, state) || state->ctxt->inSubset != 0))
        state->original.processingInstruction(ctx, target, data);
}

static void onInternalSubset(void *ctx, const xmlChar *name, const xmlChar *publicID,
                             const xmlChar *systemID) {
    State *state = stateOf(ctx);
    if (state == NULL) return;
    if (isPage(ctx, state) && state->doctypeOffset < 0) {
        int64_t at = cursorOffset(state);
        if (at >= (int64_t)state->length) at = (int64_t)state->length - 1;
        while (at > 0 && !(state->bytes[at] == '<' && at + 1 < (int64_t)state->length &&
                           state->bytes[at + 1] == '!'))
            at -= 1;
        state->doctypeOffset = at;
    }
    if (state->original.internalSubset != NULL)
        state->original.internalSubset(ctx, name, publicID, systemID);
}

static const char *copyField(State *state, const xmlChar *field) {
    return field == NULL ? NULL : cmc_copy_string(state, field, (size_t)xmlStrlen(field));
}

static void describeDoctype(State *state, xmlDocPtr doc) {
    CMCResult *result = state->result;
    xmlDtdPtr dtd = doc->intSubset;
    result->doctypeOffset = state->doctypeOffset;
    if (dtd == NULL) return;
    result->hasDoctype = 1;
    result->doctypeName = copyField(state, dtd->name);
    result->doctypePublicID = copyField(state, dtd->ExternalID);
    result->doctypeSystemID = copyField(state, dtd->SystemID);
    result->doctypeHasInternalSubset = dtd->children != NULL;
}

int cmc_check(const char *bytes, size_t length, CMCResult *result) {
    memset(result, 0, sizeof *result);
    result->doctypeOffset = -1;
    if (length > INT32_MAX) return -1;
    pthread_once(&initOnce, initialize);

    Storage *storage = calloc(1, sizeof(Storage));
    State state;
    memset(&state, 0, sizeof state);
    state.bytes = (const unsigned char *)bytes;
    state.length = length;
    state.doctypeOffset = -1;
    state.storage = storage;
    state.result = result;
    xmlParserCtxtPtr ctxt = storage != NULL ? xmlNewParserCtxt() : NULL;
    if (ctxt == NULL || ctxt->sax == NULL) {
        if (ctxt != NULL) xmlFreeParserCtxt(ctxt);
        free(storage);
        return -1;
    }
    result->storage = storage;
    state.ctxt = ctxt;
    ctxt->_private = &state;

    /* Per-context handlers only: ctxt->sax is this context's own copy, and
       XML_SAX2_MAGIC stays, so the parser resolves namespaces for us. */
    state.original = *ctxt->sax;
    ctxt->sax->serror = onProblem;
    ctxt->sax->error = ignoreMessage;
    ctxt->sax->warning = ignoreMessage;
    ctxt->sax->startElementNs = onStartElement;
    ctxt->sax->endElementNs = onEndElement;
    ctxt->sax->characters = onCharacters;
    ctxt->sax->ignorableWhitespace = onCharacters;
    ctxt->sax->cdataBlock = onCDATA;
    ctxt->sax->reference = onReference;
    ctxt->sax->comment = onComment;
    ctxt->sax->processingInstruction = onInstruction;
    ctxt->sax->internalSubset = onInternalSubset;

    /* Anything libxml2 prints outside the structured channel goes through
       this thread's generic handler; silence it for this call only. */
    xmlGenericErrorFunc savedFunction = xmlGenericError;
    void *savedContext = xmlGenericErrorContext;
    xmlGenericError = ignoreMessage;
    xmlGenericErrorContext = NULL;

    /* No NOENT (entities stay unexpanded, external ones never load), no
       DTDLOAD/DTDATTR/DTDVALID, NONET, no HUGE (its depth and amplification
       limits stay); no RECOVER, so an ill-formed page yields no document.
       COMPACT and NOBLANKS only shaped the tree and are gone with it. */
    int options = XML_PARSE_NONET | XML_PARSE_IGNORE_ENC | XML_PARSE_BIG_LINES;
    xmlDocPtr doc = xmlCtxtReadMemory(ctxt, length == 0 ? "" : bytes, (int)length, NULL, NULL,
                                      options);

    /* Element names, prefixes and namespace URIs are the parser's dictionary
       strings; keeping the dictionary spares a copy of each. */
    storage->dict = ctxt->dict;
    if (storage->dict != NULL) xmlDictReference(storage->dict);
    result->wellFormed = ctxt->wellFormed && doc != NULL;
    int ok = !state.outOfMemory;
    if (result->wellFormed && ok) {
        result->hasDocument = 1;
        describeDoctype(&state, doc);
        ok = !state.outOfMemory;
    } else {
        result->elementCount = 0;
        result->attributeCount = 0;
    }

    xmlGenericError = savedFunction;
    xmlGenericErrorContext = savedContext;
    ctxt->_private = NULL;
    if (state.scratch != NULL) {
        state.scratch->atype = 0; /* its IDs go with the document's table */
        xmlFreeProp(state.scratch);
    }
    if (doc != NULL) xmlFreeDoc(doc);
    xmlFreeParserCtxt(ctxt);

    result->problems = state.problems;
    result->problemCount = state.problemCount;
    result->problemsOmitted = state.problemsOmitted;
    free(state.open);
    if (!ok) {
        cmc_result_free(result);
        return -1;
    }
    return 0;
}

void cmc_result_free(CMCResult *result) {
    if (result == NULL) return;
    for (int32_t i = 0; i < result->problemCount; i++) free((void *)result->problems[i].message);
    free(result->problems);
    free(result->elements);
    free(result->attributes);
    Storage *storage = result->storage;
    if (storage != NULL) {
        for (Block *block = storage->blocks, *next; block != NULL; block = next) {
            next = block->next;
            free(block);
        }
        if (storage->dict != NULL) xmlDictFree(storage->dict);
        free(storage);
    }
    memset(result, 0, sizeof *result);
    result->doctypeOffset = -1;
}
