/* See cth_codec_loader.h. */
#include "cth_codec_loader.h"
#include <dlfcn.h>
#include <pthread.h>

struct cth_heif_calls cth_heif;
struct cth_jxl_calls cth_jxl;

#define CTH_TEXT(x) #x
#define CTH_NUMBER(x) CTH_TEXT(x)
/* The sonames the headers were built for: libheif 1.x keeps .so.1; libjxl 0.y is .so.0.y. */
static const char cth_heif_soname[] = "libheif.so." CTH_NUMBER(1);
#if JPEGXL_MAJOR_VERSION == 0
static const char cth_jxl_soname[] = "libjxl.so.0." CTH_NUMBER(JPEGXL_MINOR_VERSION);
#else
static const char cth_jxl_soname[] = "libjxl.so." CTH_NUMBER(JPEGXL_MAJOR_VERSION);
#endif

/* One library's outcome: loaded once, the failure's text kept for every later caller. */
typedef struct {
    pthread_once_t once;
    int32_t code;
    char message[sizeof ((cth_error *)0)->message];
} cth_load_state;

/* Opens `soname` and fills `count` pointers of `table` by `names`; CTH_OK or the reason in `state`. */
static void cth_load(cth_load_state *state, const char *soname, const char *const *names, void **table,
                     size_t count) {
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        state->code = CTH_ERR_UNSUPPORTED;
        snprintf(state->message, sizeof state->message, "%s could not be loaded (%s)", soname,
                 reason ? reason : "unknown reason");
        return;
    }
    for (size_t index = 0; index < count; index++) {
        table[index] = dlsym(library, names[index]);
        if (table[index] == NULL) {
            state->code = CTH_ERR_UNSUPPORTED;
            snprintf(state->message, sizeof state->message, "%s lacks %s: a version older than the one Cascade was built for",
                     soname, names[index]);
            return;
        }
    }
    /* Never closed: the pointers stay valid for the process's life. */
    state->code = CTH_OK;
}

#define CTH_CALL_NAME(name) #name,
static const char *const cth_heif_names[] = { CTH_HEIF_CALLS(CTH_CALL_NAME) };
static const char *const cth_jxl_names[] = { CTH_JXL_CALLS(CTH_CALL_NAME) };
#undef CTH_CALL_NAME

/* The tables hold only function pointers, in the order of the names. */
_Static_assert(sizeof cth_heif == sizeof cth_heif_names / sizeof *cth_heif_names * sizeof(void *), "heif table");
_Static_assert(sizeof cth_jxl == sizeof cth_jxl_names / sizeof *cth_jxl_names * sizeof(void *), "jxl table");

static cth_load_state cth_heif_state = { PTHREAD_ONCE_INIT, 0, "" };
static cth_load_state cth_jxl_state = { PTHREAD_ONCE_INIT, 0, "" };

static void cth_heif_once(void) {
    cth_load(&cth_heif_state, cth_heif_soname, cth_heif_names, (void **)&cth_heif,
             sizeof cth_heif_names / sizeof *cth_heif_names);
}

static void cth_jxl_once(void) {
    cth_load(&cth_jxl_state, cth_jxl_soname, cth_jxl_names, (void **)&cth_jxl,
             sizeof cth_jxl_names / sizeof *cth_jxl_names);
}

static int32_t cth_outcome(const cth_load_state *state, cth_error *error) {
    if (state->code != CTH_OK) cth_set_error(error, state->code, "%s", state->message);
    return state->code;
}

int32_t cth_heif_load(cth_error *error) {
    pthread_once(&cth_heif_state.once, cth_heif_once);
    return cth_outcome(&cth_heif_state, error);
}

int32_t cth_jxl_load(cth_error *error) {
    pthread_once(&cth_jxl_state.once, cth_jxl_once);
    return cth_outcome(&cth_jxl_state, error);
}
